package app

type Service struct{}

func (s *Service) validate(x int) bool { return x > 0 }

func (s *Service) Run(x int) bool {
	return s.validate(x)
}
