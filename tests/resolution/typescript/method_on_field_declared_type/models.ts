export class Repo {
  save(item: string): string {
    return item;
  }
}

export class Cache {
  save(item: string): void {}
}
