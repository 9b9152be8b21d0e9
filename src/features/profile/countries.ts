export interface CountryOption {
  value: string;
  label: string;
}

let cached: CountryOption[] | undefined;

/** Every ISO 3166 country the runtime can name, sorted by English name; computed on the server. */
export function countryOptions(): CountryOption[] {
  if (cached) return cached;
  const names = new Intl.DisplayNames(['en-GB'], { type: 'region', fallback: 'none' });
  const options: CountryOption[] = [];
  for (let first = 65; first <= 90; first += 1) {
    for (let second = 65; second <= 90; second += 1) {
      const code = String.fromCharCode(first, second);
      const name = names.of(code);
      if (name && name !== code && !['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ'].includes(code))
        options.push({ value: code, label: name });
    }
  }
  cached = options.sort((a, b) => a.label.localeCompare(b.label, 'en'));
  return cached;
}
