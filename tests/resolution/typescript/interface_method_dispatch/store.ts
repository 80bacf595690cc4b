export interface Store {
  save(item: string): void;
}

export class FileStore implements Store {
  save(item: string): void {}
}

export class MemoryStore implements Store {
  save(item: string): void {}
}
