export function collect(item) {
  const items = [];
  items.push(item);
  return items;
}
