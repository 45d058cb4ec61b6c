/** "Maria Gonzalez" → "Maria": how an e-mail greets a customer (the whole name if it has no space). */
export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] || fullName;
}
