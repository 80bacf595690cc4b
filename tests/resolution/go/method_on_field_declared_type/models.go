package app

type Repo struct{}

func (r *Repo) Insert(v int) int { return v }

type Log struct{}

func (l *Log) Insert(v int) int { return -v }
