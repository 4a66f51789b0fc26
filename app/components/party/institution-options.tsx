/**
 * Its own module: the campaign form imports it without the party form's photo and goal fields
 * (which would count against /campanhas/nova's client JS budget).
 */

/** The institutions a party (or a campaign) may give to, grouped by cause, as a select's options. */
export function InstitutionOptions({
  groups,
}: {
  groups: { causeId: string; causeName: string; institutions: { id: string; name: string; city: string; state: string }[] }[];
}) {
  return (
    <>
      <option value="" disabled>
        Selecione a instituição
      </option>
      {groups.map((group) => (
        <optgroup key={group.causeId} label={group.causeName}>
          {group.institutions.map((institution) => (
            <option key={institution.id} value={institution.id}>
              {`${institution.name} · ${institution.city} - ${institution.state}`}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}
