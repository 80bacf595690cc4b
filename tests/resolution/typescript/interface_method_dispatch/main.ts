import { Store } from "./store";

export function persist(store: Store, item: string): void {
  store.save(item);
}
