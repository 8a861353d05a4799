/**
 * Dutch messages of the settings area (the environment's theme: logo, colours, typography, web fonts,
 * advanced CSS), under `app.settings.*`. Merged into the console's messages by src/i18n/nl.ts.
 */
export const settingsNl = {
  app: {
    settings: {
      title: 'Instellingen',
      back: 'Alle instellingen',
      saved: 'De instellingen zijn opgeslagen.',
      not_found: 'Het thema van deze omgeving kon niet worden opgehaald.',
      theme: { one: 'Thema', many: "Thema's", name: 'Naam van het thema' },
      overview: {
        intro: 'Het thema bepaalt hoe je publicaties eruitzien: logo, kleuren, lettertypen en eigen CSS.',
      },
      preview: {
        heading: 'Nieuws uit de gemeente',
        text: 'Zo leest een alinea in je publicatie.',
        paragraph:
          'Deze week openen we de nieuwe bibliotheek aan het Marktplein. Iedereen is welkom op de open dag, met koffie en rondleidingen.',
        link: 'Lees meer',
        button: 'Aanmelden',
      },
      archive: {
        title: 'Openbaar archief',
        intro:
          'Een openbare pagina met de verstuurde publicaties die op openbaar staan, de nieuwste eerst, en een feed (Atom) om te volgen. Link ernaar vanaf je eigen website. Het archief toont geen namen of persoonlijke links: lezers zien de webversie zoals iedereen die ziet.',
        fields: { enabled: 'Openbaar archief aan' },
        help: {
          enabled:
            "Uit: het archief en de feed geven 'Niet gevonden'. Publicaties blijven bereikbaar via hun eigen link.",
        },
        page: 'Archief',
        feed: 'Feed',
        links_on: 'Het archief staat aan en is hier te lezen:',
        links_off: 'Zet het archief aan om het op deze adressen te openen:',
        saved: 'Het archief is opgeslagen.',
        summary_on: 'Het openbare archief staat aan',
        summary_off: 'Het openbare archief staat uit',
      },
      measuring: {
        title: 'Meten',
        intro:
          'Kies hoeveel de berichten van deze omgeving meten. Standaard tellen we alleen totalen: een overheid kan zich voor het volgen van personen niet op gerechtvaardigd belang beroepen (AVG art. 6). Een publicatie kan zuiniger meten dan de omgeving, niet ruimer.',
        fields: { mode: 'Meten', legalBasis: 'Rechtsgrond' },
        help: {
          mode: 'Geldt voor berichten die vanaf nu worden verstuurd; verstuurde jobs houden hun meetstand.',
          legalBasis:
            'Leg vast op welke grondslag (AVG art. 6) je per persoon meet, bijvoorbeeld de toestemming die lezers bij hun aanmelding gaven.',
        },
        modes: {
          off: 'Uit: geen telpixel, links gaan rechtstreeks naar de sites. Je ziet alleen verzonden, afgeleverd, bounces en afmeldingen.',
          totals:
            'Alleen totalen (standaard): je ziet hoe vaak berichten zijn geopend en links aangeklikt, zonder dat iemand te herleiden is.',
          pseudonymised:
            'Per persoon gepseudonimiseerd: per ontvanger wat die opende en aanklikte, onder een willekeurig label in plaats van het e-mailadres.',
          personal:
            'Per persoon: per e-mailadres wat de ontvanger opende en aanklikte. Je legt de rechtsgrond vast; wie dit instelt wordt bewaard.',
        },
        legal_basis_required: "Leg bij 'Per persoon' de rechtsgrond vast (Rechtsgrond).",
        saved: 'De meetstand is opgeslagen.',
        summary: 'Meten: %{mode}',
      },
      logo: {
        title: 'Logo',
        intro:
          'Kies een afbeelding uit de mediabibliotheek. Je ziet hieronder hoe het logo in de zijbalk en in publicaties staat.',
        field: 'Logo',
        help: 'Een vierkant logo past het best in de zijbalk; publicaties tonen het 160 pixels breed.',
        remove: 'Logo verwijderen',
        in_sidebar: 'In de zijbalk (80 x 80)',
        in_publication: 'In de kop van een publicatie (160 breed)',
        set: 'Er is een logo ingesteld.',
        none: 'Nog geen logo: publicaties tonen de naam van de omgeving.',
      },
      colors: {
        title: 'Kleuren',
        intro: 'Kies de kleuren van je publicaties met de kleurkiezer of als hexcode, zoals #1f5fa8.',
        fields: {
          primaryColor: 'Primaire kleur',
          secondaryColor: 'Secundaire kleur',
          textColor: 'Tekstkleur',
          backgroundColor: 'Achtergrondkleur',
          linkColor: 'Linkkleur',
          buttonTextColor: 'Tekstkleur van knoppen',
        },
        help: {
          primaryColor: 'Kop, knoppen en accenten; ook de kleur van deze console.',
          secondaryColor: 'De achtergrond rond de inhoud.',
          textColor: 'De kleur van koppen en tekst.',
          backgroundColor: 'De achtergrond achter de inhoud.',
          linkColor: 'De kleur van links in tekst.',
          buttonTextColor: 'Tekst op knoppen en in de kop (op de primaire kleur).',
        },
        contrast_title: 'Contrast',
        contrast_unknown: 'vul twee geldige kleuren in',
        contrast_warning:
          'Contrast %{ratio} is te laag: voor goed leesbare tekst is minstens %{minimum} nodig (WCAG AA).',
        pairs: {
          text: 'Tekst op achtergrond',
          link: 'Link op achtergrond',
          button: 'Knoptekst op primaire kleur',
        },
        preview_title: 'Voorbeeld',
      },
      typography: {
        title: 'Typografie',
        intro:
          'Kies de lettertypen van koppen en tekst uit de webfonts van het thema of uit veilige systeemlettertypen.',
        fields: {
          headingFont: 'Lettertype van koppen',
          bodyFont: 'Lettertype van tekst',
          baseSize: 'Tekstgrootte (px)',
          lineHeight: 'Regelhoogte',
        },
        help: {
          baseSize: 'Een heel getal van 12 tot en met 24.',
          lineHeight: 'Van 1 tot en met 2, bijvoorbeeld 1,5.',
        },
        whole_number: 'Vul een heel getal in.',
        web_font_choice: '%{name} (webfont)',
        preview_title: 'Voorbeeld',
        summary: 'Koppen: %{heading}, tekst: %{body}, %{size} px, regelhoogte %{lineHeight}',
      },
      fonts: {
        one: 'Webfont',
        many: 'Webfonts',
        title: 'Webfonts',
        create: 'Webfont toevoegen',
        create_intro:
          'Voeg een lettertype toe met de naam uit zijn CSS en de URL van dat CSS-bestand, bijvoorbeeld van Google Fonts.',
        created: 'Webfont %{fontIdentifier} is toegevoegd.',
        deleted: 'De webfont is verwijderd.',
        delete_title: 'Webfont %{recordRepresentation} verwijderen',
        delete_confirm: 'Weet je zeker dat je %{recordRepresentation} wilt verwijderen?',
        empty: 'Dit thema heeft nog geen webfonts.',
        none: 'Nog geen webfonts.',
        summary: '%{smart_count} webfont: %{names} |||| %{smart_count} webfonts: %{names}',
        name_required: 'Naam is een verplicht veld',
        url_required: 'URL is een verplicht veld',
        url_invalid:
          'URL moet een volledige https://-URL naar een CSS-bestand zijn, zoals https://fonts.googleapis.com/css2?family=Open+Sans.',
        fields: {
          fontIdentifier: 'Naam',
          fontIdentifier_help: 'De naam van het lettertype zoals het CSS-bestand hem noemt, zoals Open Sans.',
          srcUrl: 'URL',
          srcUrl_help: 'Het volledige https://-adres van het CSS-bestand.',
          createdAt: 'Toegevoegd',
        },
      },
      advanced: {
        title: 'Geavanceerd',
        intro:
          'Eigen CSS-regels voor je publicaties. Ze worden bij het opslaan gecontroleerd: @import, url() naar andere adressen dan https://, expression( en javascript: zijn niet toegestaan.',
        field: 'CSS-regels',
        help: 'Een fout noemt de regel waarin hij staat; die regel wordt gemarkeerd.',
        count: '%{count} van %{maximum} tekens',
        none: 'Geen eigen CSS-regels.',
        summary: '%{smart_count} regel eigen CSS |||| %{smart_count} regels eigen CSS',
      },
    },
  },
};
