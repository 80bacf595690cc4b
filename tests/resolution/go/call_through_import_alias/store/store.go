package store

func Save(key string) bool { return key != "" }
