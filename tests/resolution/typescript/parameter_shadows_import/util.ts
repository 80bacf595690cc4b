export function helper(): string {
  return "util";
}
