package app

type Report struct{ title string }

func (r Report) Format(layout string) string { return r.title + layout }

type Buffer struct{}

func (b *Buffer) Grow(n int) {}
