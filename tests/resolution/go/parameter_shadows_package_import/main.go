package main

import "example.com/app/store"

func lookup(store *Cache) string {
	return store.Get("k")
}

func fetch() string {
	return store.Get("k")
}

func main() {
	lookup(&Cache{})
	fetch()
}
