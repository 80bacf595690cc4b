package app

type Tag struct{}

func (t Tag) Name() string { return "tag" }

func (t Tag) Label() string { return "tag" }
