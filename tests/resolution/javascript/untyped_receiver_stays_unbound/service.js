export function store(thing, item) {
  return thing.save(item);
}
