import type { PrivacyNotice } from "@shop/shared";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatDate } from "../../lib/format-date";
import { displayPhone, telHref } from "../../lib/format-phone";
import { ProseList, type ProseSection } from "../content/prose-page";

type Retention = PrivacyNotice["retention"];

/** "90 jours", "1 an", "365 jours" read as "1 an": durations as a customer says them. */
export function days(n: number): string {
  if (n >= 365 && n % 365 === 0) return years(n / 365);
  return n === 1 ? "1 jour" : `${n} jours`;
}
export const years = (n: number) => (n === 1 ? "1 an" : `${n} ans`);

/** Each retention setting as a sentence, in the order a customer meets the data. */
export function retentionSentences(r: Retention): { name: keyof Retention; text: string }[] {
  return [
    {
      name: "orderFilesDays",
      text: `Les fichiers joints aux commandes et les captures de transfert : effacés ${days(r.orderFilesDays)} après la livraison ou l'annulation de la commande.`,
    },
    {
      name: "closedOrdersYears",
      text: `Les commandes livrées ou annulées : gardées ${years(r.closedOrdersYears)} pour la comptabilité (dix ans au moins), puis effacées.`,
    },
    {
      name: "abandonedCartsDays",
      text: `Un panier auquel personne n'a touché : vidé après ${days(r.abandonedCartsDays)}.`,
    },
    {
      name: "contactMessagesDays",
      text: `Les messages envoyés depuis la page Contact : effacés après ${days(r.contactMessagesDays)}.`,
    },
    {
      name: "sessionAddressesDays",
      text: `L'adresse internet depuis laquelle vous vous êtes connecté : effacée après ${days(r.sessionAddressesDays)}.`,
    },
    {
      name: "inactiveAccountsYears",
      text: `Un compte qui ne sert plus : supprimé après ${years(r.inactiveAccountsYears)} sans connexion ; nous vous prévenons 30 jours avant.`,
    },
  ];
}

/** A number as the shop's settings keep it (international digits), as people read it; anything else as given. */
function Phone({ phone }: { phone: string }) {
  const digits = phone.replace(/\D/g, "");
  if (!/^237\d{9}$/.test(digits)) return <>{phone}</>;
  return <a href={telHref(digits)}>{displayPhone(digits)}</a>;
}

/** One line of the register: what it is for, on which basis, which data, whose, how long, seen by whom. */
function Activity({ activity }: { activity: PrivacyNotice["activities"][number] }) {
  const rows: [string, string][] = [
    ["Base légale", activity.legalBasis],
    ["Données", activity.data],
    ["Personnes concernées", activity.people],
    ["Durée de conservation", activity.retention],
    ["Qui les voit", activity.recipients],
  ];
  return (
    <div className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <h3 className="font-bold text-slate-900">{activity.purpose}</h3>
      <dl className="mt-2 space-y-2 text-sm">
        {rows.map(([term, text]) => (
          <div key={term}>
            <dt className="font-semibold text-slate-900">{term}</dt>
            <dd className="break-words">{text}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The rights the law gives, each with where it is used here. */
function Rights({ requestDays, contact }: { requestDays: number; contact: ReactNode }) {
  return (
    <>
      <p>
        Vous avez le droit de savoir ce que nous gardons sur vous et d'en recevoir une copie (accès et portabilité), de
        le faire corriger (rectification), de refuser nos promotions et nos rappels (opposition) et de le faire effacer
        (effacement).
      </p>
      <ProseList>
        <li>
          <strong>Avec un compte</strong> : tout se fait dans <Link to="/my-data">Mes données</Link>, une fois connecté
          : voir et télécharger vos données, corriger votre nom, votre e-mail et votre photo, arrêter ou reprendre nos
          promotions, supprimer votre compte.
        </li>
        <li>
          <strong>Sans compte</strong> : sur la page <Link to="/order-status">Suivi de commande</Link>, retrouvez une de
          vos commandes avec sa référence et votre numéro, puis demandez une copie, une correction, l'effacement ou
          l'arrêt des promotions. Nous répondons dans les {requestDays} jours.
        </li>
        <li>
          Nos promotions et nos rappels portent un lien pour ne plus en recevoir, en un appui. Les messages sur vos
          commandes continuent.
        </li>
      </ProseList>
      <p>
        Vous pouvez aussi nous écrire ou nous appeler depuis le numéro ou l'e-mail de votre compte ou de votre commande
        :
      </p>
      {contact}
    </>
  );
}

/**
 * 'Confidentialité' as the shop's register, settings and services say it (decision 041): who
 * answers for the data, each processing, how long each thing is kept, the outside services, the
 * rights and how to use them, and the authority to complain to. `contact` is the shop's links.
 */
export function noticeSections(notice: PrivacyNotice, contact: ReactNode): ProseSection[] {
  const { controller, authority } = notice;
  return [
    {
      id: "responsable",
      title: "Qui est responsable de vos données",
      content: (
        <>
          <p>
            {controller.name}, {controller.address}, décide de ce que ce site recueille et en répond.
          </p>
          <ProseList>
            <li>
              Téléphone : <Phone phone={controller.phone} />
            </li>
            <li>
              E-mail : <a href={`mailto:${controller.email}`}>{controller.email}</a>
            </li>
          </ProseList>
        </>
      ),
    },
    {
      id: "traitements",
      title: "Ce que nous faisons de vos données, et pourquoi",
      content:
        notice.activities.length === 0 ? (
          <p>Nous ne gardons aucune donnée personnelle en dehors de vos commandes.</p>
        ) : (
          <div className="space-y-4">
            {notice.activities.map((activity) => (
              <Activity key={activity.purpose} activity={activity} />
            ))}
          </div>
        ),
    },
    {
      id: "duree",
      title: "Combien de temps nous les gardons",
      content: (
        <>
          <p>
            Votre compte, votre panier et vos avis restent tant que votre compte existe. Le reste est effacé chaque
            nuit, passé ces durées :
          </p>
          <ProseList>
            {retentionSentences(notice.retention).map((line) => (
              <li key={line.name}>{line.text}</li>
            ))}
          </ProseList>
        </>
      ),
    },
    {
      id: "services",
      title: "Les services extérieurs qui en reçoivent",
      content: (
        <>
          {notice.recipients.length === 0 ? (
            <p>Aucun service extérieur ne reçoit vos données.</p>
          ) : (
            <ProseList>
              {notice.recipients.map((recipient) => (
                <li key={recipient.name}>
                  <strong>{recipient.name}</strong> : {recipient.purpose} ({recipient.data}).
                </li>
              ))}
            </ProseList>
          )}
          <p>Nous ne vendons, ne louons et ne cédons vos données à personne.</p>
        </>
      ),
    },
    {
      id: "traceurs",
      title: "Pas de traceurs",
      content: <NoTrackers />,
    },
    {
      id: "droits",
      title: "Vos droits, et comment les exercer",
      content: <Rights requestDays={notice.requestDays} contact={contact} />,
    },
    {
      id: "autorite",
      title: "Se plaindre auprès de l'APDP",
      content: (
        <p>
          Si vous estimez que nous ne respectons pas vos droits, vous pouvez saisir l'autorité chargée de la protection
          des données personnelles au Cameroun : {authority.name}, {authority.address}
          {authority.url && (
            <>
              {" "}
              (
              <a href={authority.url} rel="noopener noreferrer">
                {authority.url.replace(/^https?:\/\//, "").replace(/\/$/, "")}
              </a>
              )
            </>
          )}
          .
        </p>
      ),
    },
  ];
}

/** What the site does not do, the same whatever the settings. */
export function NoTrackers() {
  return (
    <p>
      Le site n'utilise aucun outil de mesure d'audience, aucune publicité et aucun traceur de réseau social. Le seul
      cookie est celui qui garde votre connexion : voir la page <Link to="/cookies">Cookies</Link>. La carte de la page
      Contact est chargée depuis OpenStreetMap.
    </p>
  );
}

/** When the text was last changed (the register, the settings or the services). */
export const updatedOn = (notice: PrivacyNotice) => formatDate(notice.updatedAt);
