export function helper(x: number): number {
  return x - 1;
}
