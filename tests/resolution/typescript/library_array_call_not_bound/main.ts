export function collect(item: string): string[] {
  const items: string[] = [];
  items.push(item);
  return items;
}
