/**
 * Realistic Dutch demo recipients, generated deterministically (same seed, same people) so the demo
 * data, the tests and the receivers benchmark can all rely on them without shipping a data file.
 */

const firstNames = [
  'Anne',
  'Bram',
  'Daan',
  'Emma',
  'Fleur',
  'Gijs',
  'Hanna',
  'Jan',
  'Kees',
  'Lotte',
  'Mila',
  'Noah',
  'Piet',
  'Sanne',
  'Tim',
  'Yara',
  'Zoë',
  'Bart',
  'Eva',
  'Luuk',
  'Sophie',
  'Julia',
  'Lucas',
  'Finn',
  'Sem',
  'Tess',
  'Isa',
  'Noor',
  'Thijs',
  'Ruben',
  'Femke',
  'Joost',
  'Marieke',
  'Wouter',
  'Ingrid',
  'Henk',
  'Ria',
  'Kevin',
  'Fatima',
  'Mohamed',
  'Yusuf',
  'Ayşe',
  'Priya',
  'Chen',
  'Sven',
  'Lieke',
  'Maarten',
  'Esther',
  'Geert',
  'Nina',
] as const;

/** Family names with their tussenvoegsel (middle name) split off, as Dutch address files keep them. */
const familyNames: ReadonlyArray<readonly [middle: string | null, last: string]> = [
  ['de', 'Jong'],
  [null, 'Jansen'],
  ['de', 'Vries'],
  ['van den', 'Berg'],
  ['van', 'Dijk'],
  [null, 'Bakker'],
  [null, 'Janssen'],
  [null, 'Visser'],
  [null, 'Smit'],
  [null, 'Meijer'],
  ['de', 'Boer'],
  [null, 'Mulder'],
  ['de', 'Groot'],
  [null, 'Bos'],
  [null, 'Vos'],
  [null, 'Peters'],
  [null, 'Hendriks'],
  ['van', 'Leeuwen'],
  [null, 'Dekker'],
  [null, 'Brouwer'],
  ['de', 'Wit'],
  [null, 'Dijkstra'],
  [null, 'Smits'],
  ['de', 'Graaf'],
  ['van der', 'Meer'],
  ['van der', 'Linden'],
  [null, 'Kok'],
  [null, 'Jacobs'],
  ['de', 'Haan'],
  [null, 'Vermeulen'],
  ['van den', 'Heuvel'],
  ['van der', 'Veen'],
  ['van den', 'Broek'],
  ['de', 'Bruijn'],
  ['de', 'Bruin'],
  ['van der', 'Heijden'],
  [null, 'Schouten'],
  ['van', 'Beek'],
  [null, 'Willems'],
  ['van', 'Vliet'],
  [null, 'Yılmaz'],
  [null, 'El Amrani'],
  [null, 'Kaya'],
  [null, 'Nguyen'],
  [null, 'Bouzid'],
  [null, 'Pinas'],
];

const streets = [
  'Kerkstraat',
  'Schoolstraat',
  'Molenweg',
  'Dorpsstraat',
  'Stationsweg',
  'Julianalaan',
  'Beatrixstraat',
  'Wilhelminaplein',
  'Havenkade',
  'Lindelaan',
  'Eikenlaan',
  'Vijverweg',
  'Nieuwe Gracht',
  'Marktplein',
  'Sluisweg',
  'Dijkstraat',
  'Oranjelaan',
  'Parkweg',
  'Weverstraat',
  'Boterbloem',
] as const;

const domains = [
  'voorbeeld.nl',
  'mailbox.nl',
  'post.example.nl',
  'ziggo.example',
  'kpn.example',
  'outlook.example',
];

const businesses = [
  'Bakkerij De Molen',
  'Fietsenmaker Van Dijk',
  'Café Het Anker',
  'Kapsalon Knip',
  'Bloemenhuis Flora',
  'Slagerij De Groot',
  'Boekhandel Het Leesteken',
  'Installatiebedrijf Visser',
  'Garage Zuiderveen',
  'Huisartsenpraktijk De Linde',
  'Tandartsenpraktijk Glimlach',
  'Drukkerij Dekker',
  'IJssalon Venezia',
  'Bouwbedrijf Mulder & Zn.',
  'Schildersbedrijf Kleur',
  'Hotel De Sluis',
  'Restaurant De Waag',
  'Fysiotherapie In Beweging',
  'Advocatenkantoor Smit',
  'Accountantskantoor Bos',
  'Dierenkliniek Zuid',
  'Supermarkt Buurtwinkel',
  'Tuincentrum Groen',
  'Opticien Scherp',
  'Kinderopvang Het Nest',
  'Sportschool Fit',
  'Muziekschool Maat',
  'Reisbureau Verre Verten',
  'Makelaardij Thuis',
  'Koffiebranderij Bonen',
] as const;

/** A small seeded pseudo-random generator (mulberry32): deterministic and fast enough for 100,000 rows. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, values: readonly T[]): T =>
  values[Math.floor(random() * values.length)];

/** A random (but seeded) version-4 GUID, so seeded records keep their ids from run to run. */
export function seededUuid(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = '4';
  hex[16] = ((Number.parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  const text = hex.join('');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}

/** The recipient fields of a sample subscriber (the subscribers table without list and bookkeeping). */
export interface SampleRecipient {
  name: string;
  email: string;
  initials: string | null;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
  isOrganization: boolean;
}

const mailName = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ı/g, 'i')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

/**
 * `count` distinct people living in `city`; e-mail addresses are unique (a running number is added
 * where a name would repeat) and lower-case.
 */
export function samplePeople(
  count: number,
  seed: number,
  city: string,
  postalPrefix: string,
): SampleRecipient[] {
  const random = seededRandom(seed);
  const used = new Set<string>();
  const people: SampleRecipient[] = [];
  for (let index = 0; people.length < count; index += 1) {
    const firstName = pick(random, firstNames);
    const [middleName, lastName] = pick(random, familyNames);
    const family = middleName ? `${middleName} ${lastName}` : lastName;
    const base = `${mailName(firstName)}.${mailName(family)}`;
    const local = used.has(base) ? `${base}${index}` : base;
    used.add(local);
    const postalLetters = String.fromCharCode(65 + Math.floor(random() * 26), 65 + Math.floor(random() * 26));
    people.push({
      name: `${firstName} ${family}`,
      email: `${local}@${pick(random, domains)}`,
      initials: `${firstName[0]}.`,
      firstName,
      middleName,
      lastName,
      phoneNumber: random() < 0.7 ? `06-${String(Math.floor(random() * 1e8)).padStart(8, '0')}` : null,
      address: `${pick(random, streets)} ${1 + Math.floor(random() * 180)}`,
      postalCode: `${postalPrefix}${Math.floor(random() * 10)} ${postalLetters}`,
      city,
      country: 'Nederland',
      isOrganization: false,
    });
  }
  return people;
}

/** Local businesses of `city` (organisations: isOrganization true, a contact address). */
export function sampleBusinesses(city: string, domain: string): SampleRecipient[] {
  return businesses.map((name, index) => ({
    name,
    email: `info@${mailName(name)}.${domain}`,
    initials: null,
    firstName: null,
    middleName: null,
    lastName: null,
    phoneNumber: `0${520 + (index % 7)}-${String(100000 + index * 7919).slice(0, 6)}`,
    address: `${streets[index % streets.length]} ${3 + index * 2}`,
    postalCode: `${8000 + index * 3} ${String.fromCharCode(65 + (index % 26))}${String.fromCharCode(75 + (index % 10))}`,
    city,
    country: 'Nederland',
    isOrganization: true,
  }));
}
