/**
 * schema.org data of shared pages, written as JSON-LD in their <head>: an `Event` for a
 * session, a `QAPage` for a question. Search engines read them for rich results; the texts are
 * the ones the page shows (an anonymous asker is "Anonymous", never the account).
 */

const SCHEMA = 'https://schema.org';

/** A person as schema.org names them: a name, and their profile page when they have one. */
export type LdPerson = { '@type': 'Person'; name: string; url?: string };

export function ldPerson(name: string, url?: string): LdPerson {
  return url ? { '@type': 'Person', name, url } : { '@type': 'Person', name };
}

/** An AMA session as a schema.org `Event`, online (its page is where it happens). */
export function sessionEvent(session: {
  title: string;
  description: string;
  startDate: Date;
  endDate: Date;
  url: string;
  image: string;
  organizer: LdPerson;
}) {
  return {
    '@context': SCHEMA,
    '@type': 'Event',
    name: session.title,
    description: session.description,
    startDate: session.startDate.toISOString(),
    endDate: session.endDate.toISOString(),
    // A session is scheduled until it is deleted (then its page is a 404); a past one keeps its dates.
    eventStatus: `${SCHEMA}/EventScheduled`,
    eventAttendanceMode: `${SCHEMA}/OnlineEventAttendanceMode`,
    location: { '@type': 'VirtualLocation', url: session.url },
    organizer: session.organizer,
    image: [session.image],
    url: session.url,
  };
}

/** A question and the host's answer, if any, as a schema.org `QAPage`. */
export function questionPage(question: {
  name: string;
  text: string;
  upvoteCount: number;
  dateCreated: Date;
  author: LdPerson;
  url: string;
  answer: { text: string; dateCreated: Date; upvoteCount: number; author: LdPerson } | null;
}) {
  const { answer } = question;
  return {
    '@context': SCHEMA,
    '@type': 'QAPage',
    mainEntity: {
      '@type': 'Question',
      name: question.name,
      text: question.text,
      answerCount: answer ? 1 : 0,
      upvoteCount: question.upvoteCount,
      dateCreated: question.dateCreated.toISOString(),
      author: question.author,
      url: question.url,
      ...(answer
        ? {
            acceptedAnswer: {
              '@type': 'Answer',
              text: answer.text,
              dateCreated: answer.dateCreated.toISOString(),
              upvoteCount: answer.upvoteCount,
              url: question.url,
              author: answer.author,
            },
          }
        : {}),
    },
  };
}
