package practice

import (
	"time"

	"github.com/uptrace/bun"
)

// providerRow is a row of practice_providers (never serialised).
type providerRow struct {
	bun.BaseModel    `bun:"table:practice_providers,alias:p"`
	ID               string     `bun:"id,pk"`
	UserID           string     `bun:"user_id"`
	Kind             string     `bun:"kind"`
	BusinessName     string     `bun:"business_name"`
	Headline         string     `bun:"headline"`
	Bio              string     `bun:"bio"`
	Specialties      string     `bun:"specialties"`
	Languages        string     `bun:"languages"`
	City             string     `bun:"city"`
	Country          string     `bun:"country"`
	TimeZone         string     `bun:"time_zone"`
	FormatVideo      bool       `bun:"format_video"`
	FormatInPerson   bool       `bun:"format_in_person"`
	FormatPhone      bool       `bun:"format_phone"`
	InPersonAddress  string     `bun:"in_person_address"`
	IntroVideoURL    string     `bun:"intro_video_url"`
	LicenceNumber    string     `bun:"licence_number"`
	LicenceBody      string     `bun:"licence_body"`
	Verification     string     `bun:"verification"`
	VerificationNote string     `bun:"verification_note"`
	VerifiedAt       *time.Time `bun:"verified_at"`
	VerifiedBy       *string    `bun:"verified_by"`
	Status           string     `bun:"status"`
	SuspendedAt      *time.Time `bun:"suspended_at"`
	SuspensionReason string     `bun:"suspension_reason"`
	Listed           bool       `bun:"listed"`
	Schedule         string     `bun:"schedule"`
	DailyLimit       int        `bun:"daily_limit"`
	WeeklyLimit      int        `bun:"weekly_limit"`
	MinPrice         *int64     `bun:"min_price"`
	MaxPrice         *int64     `bun:"max_price"`
	PriceCurrency    string     `bun:"price_currency"`
	RatingAvg        float64    `bun:"rating_avg"`
	RatingCount      int        `bun:"rating_count"`
	ResponseMinutes  *int       `bun:"response_minutes"`
	NextAvailableAt  *time.Time `bun:"next_available_at"`
	Completeness     int        `bun:"completeness"`
	AvailPoints      int64      `bun:"availability_points"`
	RatingPoints     int64      `bun:"rating_points"`
	Score            int64      `bun:"score"`
	PublishedAt      *time.Time `bun:"published_at"`
	CreatedAt        time.Time  `bun:"created_at"`
	UpdatedAt        time.Time  `bun:"updated_at"`
}

// tagRow is a row of practice_tags: one specialty or language of a profile.
type tagRow struct {
	bun.BaseModel `bun:"table:practice_tags"`
	ProviderID    string `bun:"provider_id,pk"`
	Tag           string `bun:"tag,pk"`
	Value         string `bun:"value,pk"`
}

// mediaRow is a row of practice_media.
type mediaRow struct {
	bun.BaseModel `bun:"table:practice_media"`
	ID            string    `bun:"id,pk"`
	ProviderID    string    `bun:"provider_id"`
	Kind          string    `bun:"kind"`
	URL           string    `bun:"url"`
	CreatedAt     time.Time `bun:"created_at"`
}

// offeringRow is a row of practice_offerings.
type offeringRow struct {
	bun.BaseModel        `bun:"table:practice_offerings"`
	ID                   string    `bun:"id,pk"`
	ProviderID           string    `bun:"provider_id"`
	Title                string    `bun:"title"`
	Description          string    `bun:"description"`
	Format               string    `bun:"format"`
	DurationMin          int       `bun:"duration_min"`
	Price                int64     `bun:"price"`
	Currency             string    `bun:"currency"`
	Capacity             int       `bun:"capacity"`
	RequiresConfirmation bool      `bun:"requires_confirmation"`
	BufferBeforeMin      int       `bun:"buffer_before_min"`
	BufferAfterMin       int       `bun:"buffer_after_min"`
	MinNoticeMin         int       `bun:"min_notice_min"`
	MaxAdvanceDays       int       `bun:"max_advance_days"`
	FreeCancelHours      int       `bun:"free_cancel_hours"`
	LateCancelFeePct     int       `bun:"late_cancel_fee_pct"`
	IntakeQuestions      string    `bun:"intake_questions"`
	Pricing              string    `bun:"pricing"`
	Departures           string    `bun:"departures"`
	CutoffHours          int       `bun:"cutoff_hours"`
	MinParticipants      int       `bun:"min_participants"`
	Exclusive            bool      `bun:"exclusive"`
	Active               bool      `bun:"active"`
	CreatedAt            time.Time `bun:"created_at"`
	UpdatedAt            time.Time `bun:"updated_at"`
}

// overrideRow is a row of practice_overrides.
type overrideRow struct {
	bun.BaseModel `bun:"table:practice_overrides"`
	ID            string    `bun:"id,pk"`
	ProviderID    string    `bun:"provider_id"`
	Day           string    `bun:"day"`
	Blocked       bool      `bun:"blocked"`
	Intervals     string    `bun:"intervals"`
	CreatedAt     time.Time `bun:"created_at"`
}
