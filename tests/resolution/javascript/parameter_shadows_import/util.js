export function helper() {
  return "util";
}
