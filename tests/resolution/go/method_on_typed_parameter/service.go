package app

func Store(repo *Repo, item string) error {
	return repo.Save(item)
}

func Remember(cache Cache, item string) error {
	return cache.Save(item)
}
