/** The filter of audit.list and audit.exportCsv as the pages send it (moments as ISO strings). */
export interface AuditLogFilterInput {
  actor?: string;
  action?: string;
  targetId?: string;
  from?: string;
  to?: string;
}

type SearchParamValue = string | string[] | undefined;

const first = (value: SearchParamValue) => (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day of the form (YYYY-MM-DD) as the UTC moment it starts; `endOf`: the moment it ends. */
function dayBound(value: string | undefined, endOf = false): string | undefined {
  if (!value || !DAY.test(value)) return undefined;
  const start = new Date(`${value}T00:00:00.000Z`);
  if (Number.isNaN(start.getTime())) return undefined;
  return new Date(start.getTime() + (endOf ? 86_400_000 : 0)).toISOString();
}

/**
 * The audit page's filter as its form sends it (`actor`, `action`, `target`, `from` and `to` as days,
 * both included): the form's own values to show again, and the procedure's filter. A day that is no
 * date is left out rather than refused.
 */
export function auditFilterOf(raw: Record<string, SearchParamValue>): { form: Record<'actor' | 'action' | 'target' | 'from' | 'to', string | undefined>; filter: AuditLogFilterInput } {
  const form = { actor: first(raw.actor), action: first(raw.action), target: first(raw.target), from: first(raw.from), to: first(raw.to) };
  return {
    form,
    filter: {
      actor: form.actor?.slice(0, 320),
      action: form.action?.slice(0, 100),
      targetId: form.target?.slice(0, 200),
      from: dayBound(form.from),
      to: dayBound(form.to, true),
    },
  };
}
