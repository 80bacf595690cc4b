package app

type Book struct {
	Item
	author string
}

func (b *Book) Label() string { return b.Name() + " by " + b.author }

func Describe(b *Book) string {
	return b.Label()
}
