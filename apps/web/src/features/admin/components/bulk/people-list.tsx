/** A short list of applicants with their scores, as a preview's first and last few (inside a <dl>). */
export function PeopleList<P extends { id: string; name: string; score: number | null }>({
  label,
  people,
  scoreText,
}: {
  label: string;
  people: readonly P[];
  scoreText: (score: P['score']) => string;
}) {
  if (!people.length) return null;
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd>
        <ol className="flex flex-col text-sm text-slate-900">
          {people.map((p) => (
            <li key={p.id} className="flex justify-between gap-3">
              <bdi className="min-w-0 truncate" title={p.name}>
                {p.name}
              </bdi>
              <span className="shrink-0 text-slate-600 tabular-nums">{scoreText(p.score)}</span>
            </li>
          ))}
        </ol>
      </dd>
    </div>
  );
}
