package app

type Repo struct{}

func (r *Repo) Save(item string) error { return nil }

type Cache struct{}

func (c *Cache) Save(item string) error { return nil }
