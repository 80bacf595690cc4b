package app

type Service struct {
	repo    *Repo
	journal Log
}

func (s *Service) Add(v int) int {
	return s.repo.Insert(v)
}

func (s *Service) Note(v int) int {
	return s.journal.Insert(v)
}
