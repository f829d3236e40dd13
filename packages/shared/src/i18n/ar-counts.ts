/**
 * A count's six Arabic forms (CLDR: zero, one, two, few, many, other), for plural(): the singular
 * after 0-2 and 100+, the plural for 3-10, the accusative singular for 11-99. `n` is the count's
 * placeholder. Shared by the private and the administrators' Arabic parts (never the first page's).
 */
export const arabicCounts = (one: string, few: string, many: string, n: string) => ({
  zero: `${n} ${one}`,
  one: `${n} ${one}`,
  two: `${n} ${one}`,
  few: `${n} ${few}`,
  many: `${n} ${many}`,
  other: `${n} ${one}`,
});
