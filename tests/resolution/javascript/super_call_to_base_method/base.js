export class Base {
  save(item) {
    return item;
  }
}
