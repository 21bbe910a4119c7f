import type { AdminOverview } from "#shared/admin/contracts.ts";

const number = new Intl.NumberFormat("en");
const euros = new Intl.NumberFormat("en", { style: "currency", currency: "EUR", maximumFractionDigits: 2 });

/** The counts an operator looks at, as a grid of figures: two columns on a phone, four on a desktop. */
export function OverviewCounts({ overview }: { overview: AdminOverview }) {
  const { generations, community } = overview;
  const figures: [string, number, string?][] = [
    ["Sign-ups", overview.signUps],
    ["Plans written", overview.plansWritten],
    ["Premium members", overview.premiumMembers],
    [
      "Model generations",
      generations.total,
      generations.failed ? `${number.format(generations.failed)} failed` : undefined,
    ],
    [
      "Community members",
      community.members,
      community.suspended ? `${number.format(community.suspended)} suspended` : undefined,
    ],
    ["Waiting to be let in", community.waiting],
    ["Reports open", community.openReports],
    [
      "Tokens used",
      generations.inputTokens + generations.outputTokens,
      `${number.format(generations.inputTokens)} in · ${number.format(generations.outputTokens)} out`,
    ],
  ];
  const cost = euros.format(generations.cost.euros);
  return (
    <section aria-labelledby="admin-counts">
      <h2 id="admin-counts" className="text-xl font-bold">
        Counts
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {figures.map(([label, value, detail]) => (
          <div key={label} className="card flex flex-col gap-1 p-4">
            <dt className="text-xs font-bold uppercase tracking-[0.15em] text-muted">{label}</dt>
            <dd className="font-display text-3xl leading-none">{number.format(value)}</dd>
            {detail ? <dd className="text-xs text-muted">{detail}</dd> : null}
          </div>
        ))}
        <div className="card flex flex-col gap-1 p-4">
          <dt className="text-xs font-bold uppercase tracking-[0.15em] text-muted">Model cost</dt>
          <dd className="font-display text-3xl leading-none">{cost}</dd>
          <dd className="text-xs text-muted">
            {generations.cost.complete ? "at your AI_PRICES" : "models without a price in AI_PRICES left out"}
          </dd>
        </div>
      </dl>
      {generations.byModel.length > 0 ? (
        <div className="mt-4">
          <table className="w-full text-left text-sm">
            <caption className="mb-2 text-left text-sm text-muted">
              Generations by model, with their cost at the prices in AI_PRICES (— : no price for that model).
            </caption>
            <thead className="text-xs uppercase tracking-wider text-muted">
              <tr>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Provider · model
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-semibold">
                  Generations
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-semibold">
                  Input tokens
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-semibold">
                  Output tokens
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  Cost
                </th>
              </tr>
            </thead>
            <tbody>
              {generations.byModel.map((m) => (
                <tr key={`${m.provider}/${m.model}`} className="border-t border-line">
                  <td className="py-2 pr-3 break-all">
                    {m.provider} · {m.model}
                  </td>
                  <td className="py-2 pr-3 text-right tabular-nums">{number.format(m.count)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{number.format(m.inputTokens)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{number.format(m.outputTokens)}</td>
                  <td className="py-2 text-right tabular-nums">{m.cost === null ? "—" : euros.format(m.cost)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
