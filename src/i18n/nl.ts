import dutchMessages from 'ra-language-dutch';
import { mergeTranslations, type TranslationMessages } from 'react-admin';
import { loginNl, startupNl } from '../boot/texts';
import { raDutchCompletions } from './raDutchCompletions';
import { declarativeNl } from './declarative.nl';
import { approvalNl } from './approval.nl';
import { auditLogNl } from './auditLog.nl';
import { formsNl } from './forms.nl';
import { journeysNl } from './journeys.nl';
import { mailNl } from './mail.nl';
import { mediaNl } from './media.nl';
import { membersNl } from './members.nl';
import { platformNl } from './platform.nl';
import { privacyNl } from './privacy.nl';
import { publicationsNl } from './publications.nl';
import { rsvpNl } from './rsvp.nl';
import { abTestsNl } from './abTests.nl';
import { sendingNl } from './sending.nl';
import { receiversNl } from './receivers.nl';
import { settingsNl } from './settings.nl';
import { signUpFormsNl } from './signUpForms.nl';

/**
 * The console's own messages. The UI addresses the user with "je", as the spec's texts do.
 * Shared file: each area adds its keys under its own branch (e.g. `app.receivers`, `resources.*`).
 */
const appMessages = {
  app: {
    name: 'Digitaal publicatie platform',
    startup: startupNl,
    login: loginNl,
    auth: {
      session_expired: 'Je sessie is verlopen. Log opnieuw in.',
    },
    navigation: { loading: 'Pagina wordt geladen' },
    menu: {
      navigation: 'Hoofdmenu',
      publications: 'Publicaties',
      receivers: 'Ontvangers',
      media: 'Media',
      forms: 'Formulieren',
      jobs: 'Jobs',
      environments: 'Omgevingen',
      settings: 'Instellingen',
      title: 'Menu',
      open: 'Menu openen',
      close: 'Menu sluiten',
      sign_out: 'Uitloggen',
      signed_in_as: 'Ingelogd als %{name}',
    },
    environment: {
      logo_alt: 'Logo van %{name}',
      no_logo: 'Geen logo',
      unknown: 'Onbekende omgeving',
    },
    environments: {
      title: 'Omgevingen',
      intro: 'Kies de omgeving waarin je wilt werken. Je ziet daarna de gegevens van die omgeving.',
      current: 'Huidige omgeving',
      open: 'Openen',
      switched: 'Je werkt nu in %{name}.',
      none: 'Er zijn geen andere omgevingen beschikbaar.',
    },
    onboarding: {
      title: 'Welkom bij %{name}',
      intro:
        'Deze omgeving heeft nog geen thema. Geef het thema een naam en kies de primaire kleur; daarna kun je aan de slag.',
      name: 'Naam van het thema',
      primary_color: 'Primaire kleur',
      primary_color_help: 'Een kleur als #1f5fa8, voor knoppen en accenten.',
      submit: 'Thema aanmaken',
      created: 'Het thema is aangemaakt.',
      name_required: 'Naam is een verplicht veld',
      color_required: 'Primaire kleur is een verplicht veld',
      color_invalid: 'Kies een kleur in de vorm #rrggbb, bijvoorbeeld #1f5fa8.',
      other_environment: 'Of ga naar een andere omgeving:',
      failed: 'Het thema kon niet worden aangemaakt. Probeer het opnieuw.',
      load_failed: 'Het thema van deze omgeving kon niet worden opgehaald.',
    },
    not_found: {
      home: 'Naar de startpagina',
    },
    access_denied: {
      text: 'Je hebt geen toegang tot dit onderdeel. Vraag een beheerder als je het nodig hebt.',
    },
    load_error: {
      message: 'De gegevens konden niet worden geladen.',
      retry: 'Opnieuw proberen',
    },
    not_yet_available: {
      badge: 'Nog niet beschikbaar',
      text: 'Dit onderdeel is nog niet beschikbaar in deze versie van het platform. Het komt in een volgende versie.',
    },
    areas: {
      publications: {
        title: 'Publicaties',
        description: 'Nieuwsbrieven en mailings opbouwen uit publicatietypes, templates en blokken.',
      },
      analytics: { title: 'Analyse', description: 'De resultaten van een verstuurde publicatie bekijken.' },
      rsvp: { title: 'RSVP', description: 'Aanmeldingen en afmeldingen voor een publicatie bekijken.' },
      deliver: { title: 'Verspreiden', description: 'Een publicatie naar een doelgroep versturen.' },
      receivers: { title: 'Ontvangers', description: 'Lijsten, doelgroepen en uitschrijvers beheren.' },
      lists: { title: 'Lijsten', description: 'Handmatige lijsten met ontvangers beheren.' },
      list_import: { title: 'Importeren', description: 'Ontvangers in één keer aan een lijst toevoegen.' },
      unsubscribers: {
        title: 'Uitschrijvers',
        description: 'Ontvangers die zich voor alle publicaties hebben uitgeschreven.',
      },
      audiences: { title: 'Doelgroepen', description: 'Lijsten met filters combineren tot doelgroepen.' },
      media: {
        title: 'Media',
        description: 'Afbeeldingen en bestanden in mappen beheren en voorzien van tags.',
      },
      journeys: { title: 'Journeys', description: 'Reeksen berichten die automatisch op elkaar volgen.' },
      jobs: { title: 'Jobs', description: 'Verzendopdrachten van publicaties volgen.' },
      settings: {
        title: 'Instellingen',
        description: 'Het thema van deze omgeving beheren: lettertypen, logo, kleuren en typografie.',
      },
      logo: { title: 'Logo', description: 'Het logo van deze omgeving instellen.' },
      colors: { title: 'Kleuren', description: 'De kleuren van het thema instellen.' },
      typography: {
        title: 'Typografie',
        description: 'Lettertypen en tekststijlen van het thema instellen.',
      },
      advanced: { title: 'Geavanceerd', description: 'Geavanceerde regels van het thema instellen.' },
      forms: { title: 'Formulieren', description: 'Formulieren met vragen, opties en antwoorden beheren.' },
      form_answers: {
        title: 'Antwoorden',
        description: 'De ingevulde antwoorden van een formulier bekijken.',
      },
      form_field: { title: 'Vraag', description: 'Een vraag van een formulier en haar opties beheren.' },
    },
  },
};

/** Every message of the console in Dutch: react-admin's (completed for v5) and the app's own. */
export const nl: TranslationMessages = mergeTranslations(
  dutchMessages,
  raDutchCompletions,
  appMessages,
  declarativeNl,
  mediaNl,
  mailNl,
  publicationsNl,
  rsvpNl,
  abTestsNl,
  receiversNl,
  platformNl,
  membersNl,
  settingsNl,
  sendingNl,
  formsNl,
  journeysNl,
  signUpFormsNl,
  privacyNl,
  approvalNl,
  auditLogNl,
);
