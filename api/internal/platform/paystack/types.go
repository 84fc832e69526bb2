package paystack

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"time"
)

// Currencies Paystack settles in. Amounts in every currency are integers in
// the currency's minor unit (kobo, pesewas, cents).
var Currencies = []string{"GHS", "KES", "NGN", "ZAR", "USD"}

// SupportedCurrency reports whether Paystack accepts the currency.
func SupportedCurrency(c string) bool {
	for _, x := range Currencies {
		if x == c {
			return true
		}
	}
	return false
}

// Transaction statuses Paystack reports through verify and charge events.
// "abandoned" means the customer has not completed the payment yet (it is not
// final: an initialised transaction nobody has paid answers "abandoned").
const (
	StatusSuccess   = "success"
	StatusFailed    = "failed"
	StatusAbandoned = "abandoned"
	StatusOngoing   = "ongoing"
	StatusPending   = "pending"
	StatusReversed  = "reversed"
)

// Webhook event names the money core listens to.
const (
	EventChargeSuccess    = "charge.success"
	EventTransferSuccess  = "transfer.success"
	EventTransferFailed   = "transfer.failed"
	EventTransferReversed = "transfer.reversed"
	EventRefundPending    = "refund.pending"
	EventRefundProcessed  = "refund.processed"
	EventRefundFailed     = "refund.failed"
)

// APIError is Paystack refusing a call: a non-2xx answer or one whose body
// says "status": false. Message is Paystack's own text ("Invalid key",
// "Duplicate Transaction Reference", ...). Code and Type are set when
// Paystack sends them (validation errors carry e.g. "duplicate_reference").
type APIError struct {
	Status  int    // HTTP status of the answer
	Message string // Paystack's message
	Code    string // Paystack's error code, when given
	Type    string // "validation_error", "processor_error", "api_error", when given
}

func (e *APIError) Error() string {
	return fmt.Sprintf("paystack: %d %s", e.Status, e.Message)
}

// InitializeRequest is the body of POST /transaction/initialize.
type InitializeRequest struct {
	Email       string `json:"email"`
	Amount      int64  `json:"amount"` // minor units
	Currency    string `json:"currency,omitempty"`
	Reference   string `json:"reference,omitempty"`
	CallbackURL string `json:"callback_url,omitempty"`
	// Metadata is any JSON object; it comes back unchanged on verify and on
	// the charge.success event.
	Metadata json.RawMessage `json:"metadata,omitempty"`
	Channels []string        `json:"channels,omitempty"`
	Label    string          `json:"label,omitempty"`
}

// InitializeData is what initialize answers: where to send the customer.
type InitializeData struct {
	AuthorizationURL string `json:"authorization_url"`
	AccessCode       string `json:"access_code"`
	Reference        string `json:"reference"`
}

// Customer is the payer as Paystack records them.
type Customer struct {
	ID           int64  `json:"id"`
	FirstName    string `json:"first_name"`
	LastName     string `json:"last_name"`
	Email        string `json:"email"`
	CustomerCode string `json:"customer_code"`
	Phone        string `json:"phone"`
	RiskAction   string `json:"risk_action"`
}

// Authorization is the reusable card (or bank) authorization of a paid
// transaction.
type Authorization struct {
	AuthorizationCode string `json:"authorization_code"`
	Bin               string `json:"bin"`
	Last4             string `json:"last4"`
	ExpMonth          string `json:"exp_month"`
	ExpYear           string `json:"exp_year"`
	Channel           string `json:"channel"`
	CardType          string `json:"card_type"`
	Bank              string `json:"bank"`
	CountryCode       string `json:"country_code"`
	Brand             string `json:"brand"`
	Reusable          bool   `json:"reusable"`
	Signature         string `json:"signature"`
	AccountName       string `json:"account_name"`
}

// Transaction is a charge as verify returns it and as the charge.success
// event carries it.
type Transaction struct {
	ID              int64           `json:"id"`
	Domain          string          `json:"domain"`
	Status          string          `json:"status"`
	Reference       string          `json:"reference"`
	Amount          int64           `json:"amount"`
	RequestedAmount int64           `json:"requested_amount"`
	GatewayResponse string          `json:"gateway_response"`
	PaidAt          *time.Time      `json:"paid_at"`
	CreatedAt       *time.Time      `json:"created_at"`
	Channel         string          `json:"channel"`
	Currency        string          `json:"currency"`
	IPAddress       string          `json:"ip_address"`
	Fees            int64           `json:"fees"`
	Metadata        json.RawMessage `json:"metadata"`
	Customer        Customer        `json:"customer"`
	Authorization   Authorization   `json:"authorization"`
}

// UnmarshalJSON accepts the loose types Paystack is known to send: amounts as
// numbers or numeric strings, times as RFC 3339, "" or null, fees as null.
func (t *Transaction) UnmarshalJSON(b []byte) error {
	type plain Transaction
	var aux struct {
		plain
		Amount          flexInt  `json:"amount"`
		RequestedAmount flexInt  `json:"requested_amount"`
		Fees            flexInt  `json:"fees"`
		PaidAt          flexTime `json:"paid_at"`
		CreatedAt       flexTime `json:"created_at"`
	}
	if err := json.Unmarshal(b, &aux); err != nil {
		return err
	}
	*t = Transaction(aux.plain)
	t.Amount, t.RequestedAmount, t.Fees = int64(aux.Amount), int64(aux.RequestedAmount), int64(aux.Fees)
	t.PaidAt, t.CreatedAt = aux.PaidAt.ptr(), aux.CreatedAt.ptr()
	return nil
}

// Bank is one entry of GET /bank.
type Bank struct {
	ID               int64  `json:"id"`
	Name             string `json:"name"`
	Slug             string `json:"slug"`
	Code             string `json:"code"`
	LongCode         string `json:"longcode"`
	Country          string `json:"country"`
	Currency         string `json:"currency"`
	Type             string `json:"type"` // nuban, ghipss, kepss, basa, mobile_money
	Active           bool   `json:"active"`
	SupportsTransfer bool   `json:"supports_transfer"`
	PayWithBank      bool   `json:"pay_with_bank"`
}

// RecipientRequest is the body of POST /transferrecipient.
type RecipientRequest struct {
	Type          string          `json:"type"` // "nuban" for Nigerian bank accounts
	Name          string          `json:"name"`
	AccountNumber string          `json:"account_number"`
	BankCode      string          `json:"bank_code"`
	Currency      string          `json:"currency,omitempty"`
	Description   string          `json:"description,omitempty"`
	Metadata      json.RawMessage `json:"metadata,omitempty"`
}

// RecipientDetails is the resolved bank account of a recipient.
type RecipientDetails struct {
	AccountNumber string `json:"account_number"`
	AccountName   string `json:"account_name"`
	BankCode      string `json:"bank_code"`
	BankName      string `json:"bank_name"`
}

// Recipient is a transfer recipient.
type Recipient struct {
	ID            int64            `json:"id"`
	Active        bool             `json:"active"`
	Currency      string           `json:"currency"`
	Domain        string           `json:"domain"`
	Name          string           `json:"name"`
	RecipientCode string           `json:"recipient_code"`
	Type          string           `json:"type"`
	Details       RecipientDetails `json:"details"`
}

// TransferRequest is the body of POST /transfer.
type TransferRequest struct {
	Source    string `json:"source"` // "balance"; New fills it in when empty
	Amount    int64  `json:"amount"` // minor units
	Recipient string `json:"recipient"`
	// Reference is the idempotency key of the transfer: lowercase letters,
	// digits, "-" and "_" only.
	Reference string `json:"reference,omitempty"`
	Reason    string `json:"reason,omitempty"`
	Currency  string `json:"currency,omitempty"`
}

// TransferData is what POST /transfer answers (recipient is the numeric id).
// Status is "pending" while Paystack processes it, "otp" when the
// integration requires OTP confirmation, "success" or "failed".
type TransferData struct {
	ID           int64      `json:"id"`
	Domain       string     `json:"domain"`
	Amount       int64      `json:"amount"`
	Currency     string     `json:"currency"`
	Reference    string     `json:"reference"`
	Source       string     `json:"source"`
	Reason       string     `json:"reason"`
	Status       string     `json:"status"`
	TransferCode string     `json:"transfer_code"`
	Recipient    int64      `json:"recipient"`
	CreatedAt    *time.Time `json:"createdAt"`
}

// Transfer is the transfer object of the transfer.success, transfer.failed
// and transfer.reversed events (recipient is the full object there).
type Transfer struct {
	ID            int64      `json:"id"`
	Domain        string     `json:"domain"`
	Amount        int64      `json:"amount"`
	Currency      string     `json:"currency"`
	Reference     string     `json:"reference"`
	Source        string     `json:"source"`
	Reason        string     `json:"reason"`
	Status        string     `json:"status"`
	TransferCode  string     `json:"transfer_code"`
	TransferredAt *time.Time `json:"transferred_at"`
	Recipient     Recipient  `json:"recipient"`
	CreatedAt     *time.Time `json:"created_at"`
	UpdatedAt     *time.Time `json:"updated_at"`
}

// UnmarshalJSON accepts loose amounts and empty times, as Transaction does.
func (t *Transfer) UnmarshalJSON(b []byte) error {
	type plain Transfer
	var aux struct {
		plain
		Amount        flexInt  `json:"amount"`
		TransferredAt flexTime `json:"transferred_at"`
		CreatedAt     flexTime `json:"created_at"`
		UpdatedAt     flexTime `json:"updated_at"`
	}
	if err := json.Unmarshal(b, &aux); err != nil {
		return err
	}
	*t = Transfer(aux.plain)
	t.Amount = int64(aux.Amount)
	t.TransferredAt, t.CreatedAt, t.UpdatedAt = aux.TransferredAt.ptr(), aux.CreatedAt.ptr(), aux.UpdatedAt.ptr()
	return nil
}

// RefundRequest is the body of POST /refund. Transaction is the reference or
// the numeric id of a paid transaction; Amount 0 refunds what is left of it.
type RefundRequest struct {
	Transaction  string `json:"transaction"`
	Amount       int64  `json:"amount,omitempty"`
	Currency     string `json:"currency,omitempty"`
	CustomerNote string `json:"customer_note,omitempty"`
	MerchantNote string `json:"merchant_note,omitempty"`
}

// RefundTransaction is the refunded transaction inside a refund.
type RefundTransaction struct {
	ID        int64  `json:"id"`
	Reference string `json:"reference"`
	Amount    int64  `json:"amount"`
	Currency  string `json:"currency"`
}

// RefundData is what POST /refund answers. Status moves through "pending",
// "processing" to "processed" (or "failed", "needs-attention").
type RefundData struct {
	ID             int64             `json:"id"`
	Status         string            `json:"status"`
	Amount         int64             `json:"amount"`
	DeductedAmount int64             `json:"deducted_amount"`
	FullyDeducted  bool              `json:"fully_deducted"`
	Currency       string            `json:"currency"`
	MerchantNote   string            `json:"merchant_note"`
	CustomerNote   string            `json:"customer_note"`
	Transaction    RefundTransaction `json:"transaction"`
	ExpectedAt     *time.Time        `json:"expected_at"`
	CreatedAt      *time.Time        `json:"createdAt"`
}

// RefundEvent is the data of the refund.* events. Paystack sends the amount
// of these events as a string ("10000"); Amount accepts either form.
type RefundEvent struct {
	Status               string `json:"status"`
	TransactionReference string `json:"transaction_reference"`
	RefundReference      string `json:"refund_reference"`
	Amount               int64  `json:"amount"`
	Currency             string `json:"currency"`
	Processor            string `json:"processor"`
	Domain               string `json:"domain"`
	Customer             struct {
		FirstName string `json:"first_name"`
		LastName  string `json:"last_name"`
		Email     string `json:"email"`
	} `json:"customer"`
}

// UnmarshalJSON accepts the string amount Paystack sends.
func (r *RefundEvent) UnmarshalJSON(b []byte) error {
	type plain RefundEvent
	var aux struct {
		plain
		Amount flexInt `json:"amount"`
	}
	if err := json.Unmarshal(b, &aux); err != nil {
		return err
	}
	*r = RefundEvent(aux.plain)
	r.Amount = int64(aux.Amount)
	return nil
}

// Event is one webhook delivery: {"event": "...", "data": {...}}.
type Event struct {
	Event string          `json:"event"`
	Data  json.RawMessage `json:"data"`
}

// ParseEvent decodes a webhook body. Check the signature over the same raw
// bytes first (ValidSignature).
func ParseEvent(body []byte) (*Event, error) {
	var e Event
	if err := json.Unmarshal(body, &e); err != nil {
		return nil, fmt.Errorf("paystack: webhook body: %w", err)
	}
	if e.Event == "" || len(e.Data) == 0 || bytes.Equal(e.Data, []byte("null")) {
		return nil, fmt.Errorf("paystack: webhook body has no event or no data")
	}
	return &e, nil
}

// Transaction decodes the data of a charge.* event.
func (e *Event) Transaction() (*Transaction, error) {
	var t Transaction
	if err := json.Unmarshal(e.Data, &t); err != nil {
		return nil, fmt.Errorf("paystack: %s data: %w", e.Event, err)
	}
	return &t, nil
}

// Transfer decodes the data of a transfer.* event.
func (e *Event) Transfer() (*Transfer, error) {
	var t Transfer
	if err := json.Unmarshal(e.Data, &t); err != nil {
		return nil, fmt.Errorf("paystack: %s data: %w", e.Event, err)
	}
	return &t, nil
}

// Refund decodes the data of a refund.* event.
func (e *Event) Refund() (*RefundEvent, error) {
	var r RefundEvent
	if err := json.Unmarshal(e.Data, &r); err != nil {
		return nil, fmt.Errorf("paystack: %s data: %w", e.Event, err)
	}
	return &r, nil
}

// flexInt decodes a JSON number or numeric string (null and "" are 0). A
// fractional number is an error: money is never a float.
type flexInt int64

func (f *flexInt) UnmarshalJSON(b []byte) error {
	s := string(bytes.TrimSpace(b))
	if s == "null" || s == `""` {
		*f = 0
		return nil
	}
	if len(s) >= 2 && s[0] == '"' {
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return fmt.Errorf("paystack: amount %s is not an integer", s)
	}
	*f = flexInt(n)
	return nil
}

// flexTime decodes an RFC 3339 time, treating null and "" as absent.
type flexTime struct{ t *time.Time }

func (f *flexTime) UnmarshalJSON(b []byte) error {
	s := string(bytes.TrimSpace(b))
	if s == "null" || s == `""` {
		f.t = nil
		return nil
	}
	var t time.Time
	if err := json.Unmarshal(b, &t); err != nil {
		return err
	}
	f.t = &t
	return nil
}

func (f flexTime) ptr() *time.Time { return f.t }
