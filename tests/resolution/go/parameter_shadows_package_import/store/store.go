package store

func Get(key string) string { return key }
