import type { ComponentType, ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import styled from 'styled-components';
import { appMessages } from '../../app/messages';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { infoMessages as m } from './messages';
import { theme } from '../../app/theme';

/** Where users write to Talka (the contact page, the privacy policy). */
export const SUPPORT_EMAIL = 'support@talka.example';

export type InfoPageName = 'terms' | 'privacy' | 'help' | 'contact';

interface Section {
  title: MessageDescriptor;
  /** Its <p> tags are paragraphs, or its <li> tags the items of a list. */
  body: MessageDescriptor;
  list?: boolean;
}

interface Group {
  heading?: MessageDescriptor;
  sections: Section[];
}

export interface InfoDocument {
  intro: MessageDescriptor;
  /** The contact page shows the support address first. */
  showEmail?: boolean;
  groups: Group[];
}

const section = (title: MessageDescriptor, body: MessageDescriptor, list?: boolean): Section =>
  list ? { title, body, list } : { title, body };

/** What each footer page says; its title is the footer's link text (appMessages). */
export const INFO_DOCUMENTS: Record<InfoPageName, InfoDocument> = {
  terms: {
    intro: m.termsIntro,
    groups: [
      {
        sections: [
          section(m.termsAboutTitle, m.termsAboutBody),
          section(m.termsAccountsTitle, m.termsAccountsBody),
          section(m.termsTasksTitle, m.termsTasksBody),
          section(m.termsPaymentsTitle, m.termsPaymentsBody),
          section(m.termsRatingsTitle, m.termsRatingsBody),
          section(m.termsReportsTitle, m.termsReportsBody),
          section(m.termsLiabilityTitle, m.termsLiabilityBody),
          section(m.termsChangesTitle, m.termsChangesBody),
          section(m.termsLawTitle, m.termsLawBody),
        ],
      },
    ],
  },
  privacy: {
    intro: m.privacyIntro,
    groups: [
      {
        sections: [
          section(m.privacyDataTitle, m.privacyDataBody),
          section(m.privacyPurposesTitle, m.privacyPurposesBody),
          section(m.privacyBasisTitle, m.privacyBasisBody),
          section(m.privacySharingTitle, m.privacySharingBody),
          section(m.privacyRetentionTitle, m.privacyRetentionBody),
          section(m.privacyRightsTitle, m.privacyRightsBody),
          section(m.privacyCookiesTitle, m.privacyCookiesBody),
        ],
      },
    ],
  },
  help: {
    intro: m.helpIntro,
    groups: [
      {
        heading: m.helpStepsHeading,
        sections: [
          section(m.helpPostTitle, m.helpPostBody),
          section(m.helpOfferTitle, m.helpOfferBody),
          section(m.helpAssignTitle, m.helpAssignBody),
          section(m.helpCompleteTitle, m.helpCompleteBody),
          section(m.helpRateTitle, m.helpRateBody),
        ],
      },
      {
        heading: m.helpFaqHeading,
        sections: [
          section(m.helpFaqCostQuestion, m.helpFaqCostAnswer),
          section(m.helpFaqPayQuestion, m.helpFaqPayAnswer),
          section(m.helpFaqEditQuestion, m.helpFaqEditAnswer),
          section(m.helpFaqProblemQuestion, m.helpFaqProblemAnswer),
          section(m.helpFaqLanguageQuestion, m.helpFaqLanguageAnswer),
        ],
      },
    ],
  },
  contact: {
    intro: m.contactIntro,
    showEmail: true,
    groups: [
      {
        sections: [
          section(m.contactIncludeTitle, m.contactIncludeBody, true),
          section(m.contactNeverTitle, m.contactNeverBody),
          section(m.contactReportTitle, m.contactReportBody),
        ],
      },
    ],
  },
};

const Article = styled.article`
  max-width: 46rem;
  margin: 0 auto;
  line-height: 1.6;

  h1 {
    margin: ${theme.space.md} 0;
    font-size: ${theme.fontSizes.xl};
    line-height: 1.25;
  }

  h2 {
    margin: ${theme.space.lg} 0 ${theme.space.sm};
    font-size: ${theme.fontSizes.lg};
    line-height: 1.3;
  }

  h3 {
    margin: ${theme.space.md} 0 ${theme.space.xs};
    font-size: ${theme.fontSizes.md};
  }

  p,
  ul {
    margin: 0 0 ${theme.space.sm};
  }

  overflow-wrap: break-word;
`;

const Intro = styled.p`
  font-size: ${theme.fontSizes.lg};
  color: ${theme.colors.textMuted};
`;

const EmailBox = styled.p`
  padding: ${theme.space.md};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.secondary};
  font-size: ${theme.fontSizes.lg};

  a {
    font-weight: 600;
  }
`;

const values = { email: SUPPORT_EMAIL };

function SectionView({
  section: { title, body, list },
  level,
}: {
  section: Section;
  level: 2 | 3;
}) {
  const intl = useIntl();
  const Heading = level === 2 ? 'h2' : 'h3';
  // The message's <p>/<li> tags are its paragraphs or items; one without tags is one of them.
  let key = 0;
  const text = intl.formatMessage(body, {
    ...values,
    p: (chunks: ReactNode[]) => <p key={key++}>{chunks}</p>,
    li: (chunks: ReactNode[]) => <li key={key++}>{chunks}</li>,
  });
  const content = typeof text === 'string' ? list ? <li>{text}</li> : <p>{text}</p> : text;
  return (
    <section>
      <Heading>{intl.formatMessage(title)}</Heading>
      {list ? <ul>{content}</ul> : content}
    </section>
  );
}

/** One of the footer's pages: its title, introduction and sections, from the catalog. */
export function InfoPage({ name }: { name: InfoPageName }) {
  const intl = useIntl();
  const document = INFO_DOCUMENTS[name];
  const title = intl.formatMessage(appMessages[name]);
  useDocumentTitle(title);
  return (
    <Article aria-labelledby="info-title">
      <h1 id="info-title">{title}</h1>
      <Intro>{intl.formatMessage(document.intro, values)}</Intro>
      {document.showEmail && (
        <EmailBox>
          {intl.formatMessage(m.contactEmailLabel)}:{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
        </EmailBox>
      )}
      {document.groups.map((group, index) => (
        <div key={group.heading?.id ?? index}>
          {group.heading && <h2>{intl.formatMessage(group.heading)}</h2>}
          {group.sections.map((s) => (
            <SectionView key={String(s.title.id)} section={s} level={group.heading ? 3 : 2} />
          ))}
        </div>
      ))}
    </Article>
  );
}

/** The routes' components (src/web/app/router.tsx): one chunk for the four pages. */
export const INFO_PAGES: Record<InfoPageName, ComponentType> = {
  terms: () => <InfoPage name="terms" />,
  privacy: () => <InfoPage name="privacy" />,
  help: () => <InfoPage name="help" />,
  contact: () => <InfoPage name="contact" />,
};
