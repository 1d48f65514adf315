/**
 * A text of ./texts with its placeholders filled in on the phone, as the message would have
 * written it: `{name}` becomes `values.name` (a placeholder without a value stays as it is).
 * @example fill('Moto {vehicle}', { vehicle: '007' }) //=> 'Moto 007'
 */
export const fill = (text: string, values: Readonly<Record<string, string>>): string =>
	text.replace(/\{(\w+)\}/g, (placeholder, name: string) => values[name] ?? placeholder);
