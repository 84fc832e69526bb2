package seed

import (
	"fmt"
	"image/color"
)

// licenceScans are the documents a demo therapist uploaded with their
// licence (the demo therapist's was verified with them; the two waiting
// therapists' are what the admin looks at before deciding). year dates
// them: issued this year, valid until its end.
func licenceScans(email string, p Practitioner, per Person, year int) []LicenceScan {
	kcpb := color.RGBA{0x0b, 0x5d, 0x3b, 0xff}
	switch email {
	case "therapist@example.com":
		return []LicenceScan{{Authority: "REPUBLIC OF KENYA", Issuer: p.IssuingBody, Title: "PRACTISING LICENCE",
			Certifies: "This is to certify that", Holder: per.Name,
			Role: "is registered as a Clinical Psychologist and is licensed to practise in Kenya.",
			Fields: [][2]string{{"LICENCE NUMBER", per.Licence}, {"CATEGORY", "Clinical Psychologist"},
				{"DATE OF ISSUE", fmt.Sprintf("2 January %d", year)}, {"VALID UNTIL", fmt.Sprintf("31 December %d", year)}},
			Signatory: "Registrar, " + p.IssuingBody, Accent: kcpb}}
	case "amina.njoroge@example.com":
		return []LicenceScan{
			{Authority: "REPUBLIC OF KENYA", Issuer: p.IssuingBody, Title: "PRACTISING LICENCE",
				Certifies: "This is to certify that", Holder: per.Name,
				Role: "is registered as a Counselling Psychologist and is licensed to practise in Kenya.",
				Fields: [][2]string{{"LICENCE NUMBER", per.Licence}, {"CATEGORY", "Counselling Psychologist"},
					{"DATE OF ISSUE", fmt.Sprintf("15 January %d", year)}, {"VALID UNTIL", fmt.Sprintf("31 December %d", year)},
					{"SPECIAL COMPETENCE", "Trauma therapy (EMDR)"}, {"PLACE OF PRACTICE", "Westlands, Nairobi"}},
				Signatory: "Registrar, " + p.IssuingBody, Accent: kcpb},
			{Authority: "REPUBLIC OF KENYA", Issuer: p.IssuingBody, Title: "CERTIFICATE OF REGISTRATION",
				Certifies: "Under the Counsellors and Psychologists Act, 2014, it is certified that", Holder: per.Name,
				Role: "has been entered in the Register of Counselling Psychologists.",
				Fields: [][2]string{{"REGISTRATION NUMBER", per.Licence}, {"DATE OF REGISTRATION", "14 March 2016"},
					{"QUALIFICATION", "MA Counselling Psychology, Daystar University"}, {"REGISTER", "Counselling Psychologists"}},
				Signatory: "Chairperson, " + p.IssuingBody, Accent: color.RGBA{0x7c, 0x2d, 0x12, 0xff}},
		}
	case "ines.carvalho@example.com":
		return []LicenceScan{{Authority: "REPÚBLICA PORTUGUESA", Issuer: p.IssuingBody, Title: "CÉDULA PROFISSIONAL",
			Certifies: "A Ordem dos Psicólogos Portugueses certifica que", Holder: per.Name,
			Role: "está inscrita como Psicóloga, com especialidade em Psicologia Clínica e da Saúde.",
			Fields: [][2]string{{"NÚMERO DE MEMBRO", per.Licence}, {"ESPECIALIDADE", "Psicologia Clínica e da Saúde"},
				{"DATA DE INSCRIÇÃO", "12 de setembro de 2016"}, {"VÁLIDA ATÉ", fmt.Sprintf("31 de dezembro de %d", year)}},
			Signatory: "Bastonária, " + p.IssuingBody, Seal: [2]string{"SELO", "OFICIAL"}, Accent: color.RGBA{0x1e, 0x3a, 0x8a, 0xff}}}
	}
	return nil
}
