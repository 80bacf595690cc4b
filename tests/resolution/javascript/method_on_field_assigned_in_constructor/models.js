export class Repo {
  save(item) {
    return item;
  }
}

export class Cache {
  save(item) {
    return null;
  }
}
