/** Digits of a configured WhatsApp number, as wa.me wants them; undefined when none is usable. */
export function whatsappDigits(configured: string | undefined): string | undefined {
  const digits = configured?.replace(/[^\d]/g, '') ?? '';
  return digits.length >= 7 && digits.length <= 15 ? digits : undefined;
}

/** A chat link with a first message that names what the visitor was looking at. */
export function whatsappHref(digits: string, topic: string): string {
  const text = `Hello Unipath, I would like some advice. I was looking at: ${topic.trim() || 'your website'}`;
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}
