export function format(n) {
  return String(n);
}
