package app

type Saver interface {
	Persist(key string) error
}

type Loader interface {
	Persist(key string) error
	Load(key string) string
}
