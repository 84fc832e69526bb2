package practice

import (
	"sojourn/api/internal/platform/httpx"
)

// handler maps the practice routes onto the service.
type handler struct{ s *Service }

func (h *handler) routes(r httpx.Router) {
	_ = r
}
