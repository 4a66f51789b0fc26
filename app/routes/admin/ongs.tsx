import type { Route } from "./+types/ongs";
import { OrganizationsTab } from "~/components/admin/organizations";
import {
  createOrganizationAction,
  loadOrganizations,
  toggleOrganizationAction,
  updateOrganizationAction,
  verifyOrganizationAction,
} from "~/domain/admin/organizations.server";
import { reviewApplicationAction } from "~/domain/admin/institution-applications.server";
import { adminAction, adminLoader } from "./kit.server";

export const loader = adminLoader((url) => loadOrganizations(url));

export const action = adminAction({
  createOrganization: createOrganizationAction,
  verifyOrganization: verifyOrganizationAction,
  updateOrganization: updateOrganizationAction,
  toggleOrganization: toggleOrganizationAction,
  reviewApplication: reviewApplicationAction,
});

export default function AdminTabRoute({ loaderData }: Route.ComponentProps) {
  return <OrganizationsTab data={loaderData} />;
}
