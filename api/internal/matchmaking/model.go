package matchmaking

import (
	"strconv"
	"strings"
	"time"

	json "github.com/goccy/go-json"
	"github.com/uptrace/bun"
)

// memberRow is a row of mm_members.
type memberRow struct {
	bun.BaseModel `bun:"table:mm_members,alias:m"`
	UserID        string     `bun:"user_id,pk"`
	OptedIn       bool       `bun:"opted_in"`
	Paused        bool       `bun:"paused"`
	Removed       bool       `bun:"removed"`
	BirthDate     string     `bun:"birth_date"`
	Gender        string     `bun:"gender"`
	City          string     `bun:"city"`
	Country       string     `bun:"country"`
	Lat           *float64   `bun:"lat"`
	Lng           *float64   `bun:"lng"`
	Spoken        string     `bun:"spoken"`
	AgeMin        int        `bun:"age_min"`
	AgeMax        int        `bun:"age_max"`
	MaxKm         int        `bun:"max_km"`
	Genders       string     `bun:"genders"`
	Steps         string     `bun:"steps"`
	Answers       string     `bun:"answers"`
	Weights       string     `bun:"weights"`
	Learnt        int        `bun:"learnt"`
	OptedInAt     *time.Time `bun:"opted_in_at"`
	UpdatedAt     time.Time  `bun:"updated_at"`
}

// newMember is the row of someone who never saved anything.
func newMember(userID string, now time.Time) *memberRow {
	return &memberRow{UserID: userID, Spoken: "[]", AgeMin: MinAge, AgeMax: MaxAge, MaxKm: Anywhere,
		Genders: "," + strings.Join(Genders, ",") + ",", Steps: "{}", Answers: "{}", Weights: "{}",
		UpdatedAt: now.Truncate(time.Microsecond)}
}

func (r *memberRow) prefs() Prefs {
	var p Prefs
	_ = json.Unmarshal([]byte(r.Steps), &p)
	return p
}

func (r *memberRow) answers() map[string]Answer {
	m := map[string]Answer{}
	_ = json.Unmarshal([]byte(r.Answers), &m)
	return m
}

func (r *memberRow) weights() Weights {
	w := Weights{}
	_ = json.Unmarshal([]byte(r.Weights), &w)
	return w
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return "{}"
	}
	return string(b)
}

// setPrefs stores p and the columns the prefilter reads from it.
func (r *memberRow) setPrefs(p Prefs) {
	r.Steps = mustJSON(p)
	r.AgeMin, r.AgeMax, r.MaxKm = p.ageMin(), p.ageMax(), p.maxKm()
	r.Genders = "," + strings.Join(p.genders(), ",") + ","
}

// Age is the whole years from a "YYYY-MM-DD" birth date to now (-1 when
// the date is missing or malformed).
func Age(birth string, now time.Time) int {
	t, err := time.Parse("2006-01-02", birth)
	if err != nil {
		return -1
	}
	y := now.Year() - t.Year()
	if now.Month() < t.Month() || now.Month() == t.Month() && now.Day() < t.Day() {
		y--
	}
	return y
}

// birthBound is the birth date of someone who turns age at now: born on or
// before it means at least age.
func birthBound(age int, now time.Time) string {
	return now.AddDate(-age, 0, 0).Format("2006-01-02")
}

// member turns a row into what the scoring reads.
func (r *memberRow) member(now time.Time) Member {
	m := Member{ID: r.UserID, Age: Age(r.BirthDate, now), Gender: r.Gender, City: r.City, Country: r.Country,
		Prefs: r.prefs(), Answers: r.answers(), Weights: r.weights()}
	if r.Lat != nil && r.Lng != nil {
		m.HasPoint, m.Lat, m.Lng = true, *r.Lat, *r.Lng
	}
	_ = json.Unmarshal([]byte(r.Spoken), &m.Spoken)
	m.compile()
	m.lower()
	return m
}

// decisionRow is a row of mm_decisions.
type decisionRow struct {
	bun.BaseModel `bun:"table:mm_decisions,alias:d"`
	FromID        string    `bun:"from_id,pk"`
	ToID          string    `bun:"to_id,pk"`
	Decision      string    `bun:"decision"`
	CreatedAt     time.Time `bun:"created_at"`
}

// The decisions.
const (
	Like = "like"
	Pass = "pass"
)

// matchRow is a row of mm_matches.
type matchRow struct {
	bun.BaseModel  `bun:"table:mm_matches,alias:mt"`
	ID             string     `bun:"id,pk"`
	UserLo         string     `bun:"user_lo"`
	UserHi         string     `bun:"user_hi"`
	Accuracy       int        `bun:"accuracy"`
	ConversationID *string    `bun:"conversation_id"`
	CreatedAt      time.Time  `bun:"created_at"`
	EndedAt        *time.Time `bun:"ended_at"`
	EndedBy        *string    `bun:"ended_by"`
}

// other is the pair's person who is not me.
func (m *matchRow) other(me string) string {
	if m.UserLo == me {
		return m.UserHi
	}
	return m.UserLo
}

// hiddenRow is a row of mm_hidden.
type hiddenRow struct {
	bun.BaseModel `bun:"table:mm_hidden,alias:h"`
	UserID        string    `bun:"user_id,pk"`
	HiddenID      string    `bun:"hidden_id,pk"`
	CreatedAt     time.Time `bun:"created_at"`
}

// reportRow is a row of mm_reports.
type reportRow struct {
	bun.BaseModel `bun:"table:mm_reports,alias:rp"`
	ID            string     `bun:"id,pk"`
	ReporterID    string     `bun:"reporter_id"`
	ReportedID    string     `bun:"reported_id"`
	Reason        string     `bun:"reason"`
	Details       string     `bun:"details"`
	Status        string     `bun:"status"`
	Note          string     `bun:"note"`
	ResolvedBy    *string    `bun:"resolved_by"`
	ResolvedAt    *time.Time `bun:"resolved_at"`
	CreatedAt     time.Time  `bun:"created_at"`
}

// Report statuses.
const (
	ReportOpen      = "open"
	ReportDismissed = "dismissed"
	ReportRemoved   = "removed"
)

// accuracyKey encodes a candidate's sort key (accuracy, id) in a page.Key.
func accuracyKey(acc int) time.Time { return time.UnixMicro(int64(acc)).UTC() }

func itoa(n int) string { return strconv.Itoa(n) }
