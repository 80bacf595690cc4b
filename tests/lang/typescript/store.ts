// A typed key-value store: interfaces, generics, enums, namespaces and access modifiers.
import type { Clock } from './clock';
import { EventBus, type Handler as BusHandler } from '@app/events';
import * as path from 'node:path';
import Database from './db';
import fs = require('fs');
export { Serializer } from './serializer';
export * from './errors';

/** How entries expire. */
export enum Expiry {
  Never,
  Ttl = 'ttl',
  Sliding = 'sliding',
}

const enum Flags { None = 0, Dirty = 1 << 0 }

export type Key = string | number;
type Listener<T> = (key: Key, value: T) => void;
export type Entry<T> = {
  value: T;
  expires?: number;
};

/** Anything that can hold entries. */
export interface Storage<T> extends Iterable<Entry<T>> {
  readonly size: number;
  get(key: Key): T | undefined;
  set(key: Key, value: T, ttl?: number): void;
}

export interface Persistent extends Storage<string>, fs.Stats {
  flush(): Promise<void>;
}

interface StoreCtor {
  new (clock: Clock): BaseStore<unknown>;
}

export const DEFAULT_TTL = 60_000;
let openStores = 0;
declare const __DEV__: boolean;

export abstract class BaseStore<T> implements Storage<T> {
  protected entries = new Map<Key, Entry<T>>();
  private listeners: Listener<T>[] = [];
  static instances = 0;
  #flags: Flags = Flags.None;

  constructor(protected readonly clock: Clock, public name = 'store') {
    BaseStore.instances++;
    openStores += 1;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Reads a live entry. */
  get(key: Key): T | undefined {
    const entry = this.entries.get(key);
    if (!entry || (entry.expires !== undefined && entry.expires < this.clock.now())) {
      return undefined;
    }
    return entry.value;
  }

  set(key: Key, value: T, ttl: number = DEFAULT_TTL): void {
    this.entries.set(key, { value, expires: ttl > 0 ? this.clock.now() + ttl : undefined });
    this.#flags |= Flags.Dirty;
    this.listeners.forEach((l) => l(key, value));
  }

  on(listener: Listener<T>): () => void {
    this.listeners.push(listener);
    return () => this.off(listener);
  }

  private off(listener: Listener<T>): void {
    this.listeners = this.listeners.filter((l) => l !== listener);
  }

  protected abstract persist(entry: Entry<T>): Promise<boolean>;

  *[Symbol.iterator](): Iterator<Entry<T>> {
    yield* this.entries.values();
  }
}

export class FileStore extends BaseStore<string> implements Persistent {
  private bus?: EventBus;

  constructor(clock: Clock, private readonly dir: string) {
    super(clock, path.basename(dir));
  }

  async flush(): Promise<void> {
    for (const [key, entry] of this.entries) {
      await this.persist(entry);
    }
  }

  protected async persist(entry: Entry<string>): Promise<boolean> {
    try {
      fs.writeFileSync(path.join(this.dir, 'data.json'), JSON.stringify(entry));
      return true;
    } catch {
      return false;
    }
  }

  handler(): BusHandler {
    return (event) => this.set(event.key as Key, String(event.value));
  }
}

export namespace Stores {
  export const registry: Record<string, StoreCtor> = {};
  const hidden = 1;

  export function open(kind: string, clock: Clock): BaseStore<unknown> {
    const Ctor = registry[kind] ?? registry.file;
    return new Ctor(clock);
  }
}

export function create(dir: string): FileStore;
export function create(dir: string, db: Database): FileStore;
export function create(dir: string, db?: Database): FileStore {
  return new FileStore({ now: () => Date.now() } satisfies Clock, db ? db.path : dir);
}
