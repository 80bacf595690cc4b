package app

type Item struct{ name string }

func (i *Item) Name() string { return i.name }

func (i *Item) Label() string { return "item" }
