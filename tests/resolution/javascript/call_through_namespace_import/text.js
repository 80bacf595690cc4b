export function format(s) {
  return s.trim();
}
