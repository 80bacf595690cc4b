package main

type Cache struct{}

func (c *Cache) Get(key string) string { return "" }
