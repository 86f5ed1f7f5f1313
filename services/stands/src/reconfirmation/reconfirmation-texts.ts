import { MAIL_SUBJECT_MAX_LENGTH, fitAround } from '@flohmarkt/contracts';

/** A subject around a market's name, within the mail job's limit: a long name is shortened at a word, the rest stays. */
const aroundName = (sentence: (event: string) => string) => (event: string) => fitAround(sentence, event, MAIL_SUBJECT_MAX_LENGTH);

/** German texts of the reconfirmation (issue 36): the question, the organiser's one reminder, and the place given up. */
export const RECONFIRMATION_TEXTS = {
  askSubject: (event: string, date: string) => aroundName((name) => `Bist du dabei? ${name} am ${date}`)(event),
  askHeading: 'Bist du dabei?',
  ask: (event: string, day: string) =>
    `am ${day} ist der Flohmarkt „${event}“, bei dem du einen Stand hast. Der Organisator plant die Plätze und möchte wissen, ob du kommst.`,
  answerBy: (deadline: string) =>
    `Bitte sag bis ${deadline} Bescheid. Der Link öffnet eine Seite, auf der du deine Antwort mit einem Tipp abschickst; anmelden musst du dich dafür nicht:`,
  yesLine: (url: string) => `Ja, ich bin dabei: ${url}`,
  noLine: (url: string) => `Nein, ich komme nicht: ${url}`,
  whatNoMeans: (deadline: string) =>
    `Sagst du „nein“ oder antwortest du bis ${deadline} nicht, wird dein Platz freigegeben: Er geht an den Nächsten auf der Warteliste, und du kannst ihn nicht zurückholen.`,
  yesAction: 'Ja, ich bin dabei',
  answerDeadline: 'Antwort bis',

  remindSubject: (event: string, date: string) => aroundName((name) => `Erinnerung: Bist du dabei? ${name} am ${date}`)(event),
  remindHeading: 'Bitte sag noch Bescheid',
  remind: (event: string, day: string) =>
    `du hast noch nicht geantwortet, ob du am ${day} mit deinem Stand beim Flohmarkt „${event}“ dabei bist. Der Organisator erinnert dich daran.`,

  releasedSubject: aroundName((event) => `Dein Platz beim Flohmarkt „${event}“ ist freigegeben`),
  releasedHeading: 'Dein Platz ist freigegeben',
  releasedNo: (event: string) =>
    `danke, dass du Bescheid gesagt hast: Du hast auf die Frage „Bist du dabei?“ mit „nein“ geantwortet. Dein Platz beim Flohmarkt „${event}“ ist damit freigegeben und geht an den Nächsten auf der Warteliste.`,
  releasedDeadline: (event: string, deadline: string) =>
    `du hast bis ${deadline} nicht beantwortet, ob du beim Flohmarkt „${event}“ dabei bist. Wie in unserer Frage angekündigt, ist dein Platz damit freigegeben und geht an den Nächsten auf der Warteliste.`,
  releasedAfter: 'Möchtest du doch noch kommen, wende dich bitte an den Organisator; über den alten Link lässt sich der Platz nicht zurückholen.',
} as const;
