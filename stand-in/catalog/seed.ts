// The fixed part of the seeded catalog: publishers and the series that mirror well-known books.
// generate.ts turns these into issues, variants and codes; dates of running series follow "today".

export type PublisherKey = 'dc' | 'marvel' | 'image' | 'boom';

export const PUBLISHERS: Record<PublisherKey, { id: number; name: string; slug: string; code: string; upcPrefix: string; isbn978: string; isbn979: string | null }> = {
  dc: { id: 1, name: 'DC Comics', slug: 'dc-comics', code: 'DC', upcPrefix: '761941', isbn978: '978177950', isbn979: null },
  marvel: { id: 2, name: 'Marvel Comics', slug: 'marvel-comics', code: 'MA', upcPrefix: '759606', isbn978: '978130295', isbn979: '979888724' },
  image: { id: 3, name: 'Image Comics', slug: 'image-comics', code: 'IM', upcPrefix: '709853', isbn978: '978153432', isbn979: '979889391' },
  boom: { id: 4, name: 'BOOM! Studios', slug: 'boom-studios', code: 'BM', upcPrefix: '844284', isbn978: '978168415', isbn979: null },
};

export type SeriesKind = 'single' | 'trade' | 'hardcover' | 'omnibus';

export interface SeriesSpec {
  name: string;
  /** The title (franchise) the series belongs to; defaults to the name. */
  title?: string;
  publisher: PublisherKey;
  volume?: number;
  /** First release, 'YYYY-MM', or '+Nd' for a new series starting N days from today. */
  first: string;
  /** Last release 'YYYY-MM'; omitted for a running series, whose next issue is a few weeks away. */
  last?: string;
  count: number;
  firstNumber?: number;
  kind?: SeriesKind;
  limited?: boolean;
  /** Writer, artist, cover artist. */
  creators: [string, string, string?];
  characters?: string[];
  teams?: string[];
  genres?: string[];
  rating?: 'T' | 'T+' | 'M';
}

export const SERIES_SPECS: SeriesSpec[] = [
  // DC
  { name: 'Batman', publisher: 'dc', first: '1986-07', last: '2011-08', count: 314, firstNumber: 400, creators: ['Doug Moench', 'Jim Aparo', 'Kelley Jones'], characters: ['Batman', 'Robin', 'Joker', 'Commissioner Gordon'] },
  { name: 'Detective Comics', title: 'Batman', publisher: 'dc', first: '1986-03', last: '2011-08', count: 322, firstNumber: 560, creators: ['Alan Grant', 'Norm Breyfogle', 'Mike Mignola'], characters: ['Batman', 'Commissioner Gordon', 'Catwoman'] },
  { name: 'Batman', publisher: 'dc', volume: 2, first: '2011-09', last: '2016-05', count: 52, creators: ['Scott Snyder', 'Greg Capullo', 'Greg Capullo'], characters: ['Batman', 'Joker', 'Nightwing'] },
  { name: 'Batman', publisher: 'dc', volume: 3, first: '2016-06', last: '2024-07', count: 150, creators: ['Tom King', 'Jorge Jiménez', 'Jorge Jiménez'], characters: ['Batman', 'Catwoman', 'Joker', 'Bane'] },
  { name: 'Batman', publisher: 'dc', volume: 4, first: '2025-09', count: 15, creators: ['Matt Fraction', 'Jorge Jiménez', 'Jorge Jiménez'], characters: ['Batman', 'Robin'] },
  { name: 'Detective Comics', title: 'Batman', publisher: 'dc', volume: 3, first: '2016-06', last: '2019-02', count: 66, firstNumber: 934, creators: ['James Tynion IV', 'Eddy Barrows', 'Rafael Albuquerque'], characters: ['Batman', 'Batwoman'] },
  { name: 'Absolute Batman', publisher: 'dc', first: '2024-10', count: 26, creators: ['Scott Snyder', 'Nick Dragotta', 'Nick Dragotta'], characters: ['Batman', 'Joker'], rating: 'T+' },
  { name: 'Absolute Wonder Woman', publisher: 'dc', first: '2024-11', count: 25, creators: ['Kelly Thompson', 'Hayden Sherman', 'Hayden Sherman'], characters: ['Wonder Woman'] },
  { name: 'Absolute Superman', publisher: 'dc', first: '2024-11', count: 24, creators: ['Jason Aaron', 'Rafa Sandoval', 'Rafa Sandoval'], characters: ['Superman'] },
  { name: 'Superman', publisher: 'dc', volume: 6, first: '2023-01', count: 46, creators: ['Joshua Williamson', 'Jamal Campbell', 'Jamal Campbell'], characters: ['Superman', 'Lex Luthor', 'Lois Lane'] },
  { name: 'Wonder Woman', publisher: 'dc', volume: 6, first: '2023-09', count: 38, creators: ['Tom King', 'Daniel Sampere', 'Daniel Sampere'], characters: ['Wonder Woman'] },
  { name: 'Nightwing', publisher: 'dc', volume: 4, first: '2016-07', count: 135, creators: ['Tom Taylor', 'Bruno Redondo', 'Bruno Redondo'], characters: ['Nightwing', 'Batman'] },
  { name: 'Green Lantern', publisher: 'dc', volume: 8, first: '2023-05', count: 30, creators: ['Jeremy Adams', 'Xermanico', 'Xermanico'], characters: ['Green Lantern'], teams: ['Justice League'] },
  { name: 'The Flash', publisher: 'dc', volume: 6, first: '2023-09', count: 28, creators: ['Si Spurrier', 'Mike Deodato Jr.', 'Ramón Pérez'], characters: ['The Flash'] },
  { name: 'Justice League', publisher: 'dc', first: '1987-05', last: '1992-02', count: 60, creators: ['Keith Giffen', 'Kevin Maguire', 'Kevin Maguire'], characters: ['Batman', 'Green Lantern', 'The Flash'], teams: ['Justice League'] },
  { name: 'Swamp Thing', publisher: 'dc', volume: 2, first: '1982-05', last: '1996-10', count: 171, creators: ['Alan Moore', 'Stephen Bissette', 'John Totleben'], characters: ['Swamp Thing'], genres: ['Horror'], rating: 'M' },
  { name: 'The Sandman', publisher: 'dc', volume: 2, first: '1989-01', last: '1996-03', count: 75, creators: ['Neil Gaiman', 'Mike Dringenberg', 'Dave McKean'], characters: ['Dream'], genres: ['Fantasy', 'Horror'], rating: 'M' },
  { name: 'Watchmen', publisher: 'dc', first: '1986-09', last: '1987-10', count: 12, limited: true, creators: ['Alan Moore', 'Dave Gibbons', 'Dave Gibbons'], genres: ['Superhero', 'Mystery'], rating: 'M' },
  { name: 'Batman: Year One', title: 'Batman', publisher: 'dc', first: '1987-02', last: '1987-05', count: 4, firstNumber: 404, limited: true, creators: ['Frank Miller', 'David Mazzucchelli', 'David Mazzucchelli'], characters: ['Batman', 'Commissioner Gordon'] },
  { name: 'The Sandman', publisher: 'dc', kind: 'trade', first: '2010-10', last: '2012-04', count: 10, creators: ['Neil Gaiman', 'Mike Dringenberg', 'Dave McKean'], characters: ['Dream'], rating: 'M' },
  { name: 'Batman', title: 'Batman', publisher: 'dc', volume: 3, kind: 'trade', first: '2017-01', last: '2024-10', count: 16, creators: ['Tom King', 'Jorge Jiménez', 'Jorge Jiménez'], characters: ['Batman'] },
  { name: 'Absolute Batman', publisher: 'dc', kind: 'hardcover', first: '2025-06', count: 2, creators: ['Scott Snyder', 'Nick Dragotta', 'Nick Dragotta'], characters: ['Batman'] },
  { name: 'Watchmen', publisher: 'dc', kind: 'trade', first: '2019-05', last: '2019-05', count: 1, creators: ['Alan Moore', 'Dave Gibbons', 'Dave Gibbons'], rating: 'M' },
  { name: 'Batman: The Long Night', title: 'Batman', publisher: 'dc', first: '+23d', count: 6, limited: true, creators: ['Chip Zdarsky', 'Mitch Gerads', 'Mitch Gerads'], characters: ['Batman', 'Joker'] },
  { name: 'Gotham Nocturne', publisher: 'dc', first: '+9d', count: 4, limited: true, creators: ['James Tynion IV', 'Martín Morazzo'], characters: ['Batwoman'], genres: ['Horror'] },

  // Marvel
  { name: 'The Amazing Spider-Man', title: 'Spider-Man', publisher: 'marvel', first: '1984-03', last: '1998-11', count: 192, firstNumber: 250, creators: ['David Michelinie', 'Todd McFarlane', 'Mark Bagley'], characters: ['Spider-Man', 'Mary Jane Watson', 'Venom'] },
  { name: 'The Amazing Spider-Man', title: 'Spider-Man', publisher: 'marvel', volume: 5, first: '2018-07', last: '2021-10', count: 74, creators: ['Nick Spencer', 'Ryan Ottley', 'Ryan Ottley'], characters: ['Spider-Man'] },
  { name: 'The Amazing Spider-Man', title: 'Spider-Man', publisher: 'marvel', volume: 6, first: '2022-04', last: '2025-04', count: 70, creators: ['Zeb Wells', 'John Romita Jr.', 'John Romita Jr.'], characters: ['Spider-Man', 'Mary Jane Watson'] },
  { name: 'The Amazing Spider-Man', title: 'Spider-Man', publisher: 'marvel', volume: 7, first: '2025-05', count: 34, creators: ['Joe Kelly', 'Pepe Larraz', 'Pepe Larraz'], characters: ['Spider-Man'] },
  { name: 'Uncanny X-Men', title: 'X-Men', publisher: 'marvel', first: '1985-12', last: '2001-12', count: 201, firstNumber: 200, creators: ['Chris Claremont', 'John Romita Jr.', 'Jim Lee'], characters: ['Wolverine', 'Storm', 'Cyclops', 'Rogue'], teams: ['X-Men'] },
  { name: 'X-Men', publisher: 'marvel', volume: 2, first: '1991-10', last: '2001-06', count: 113, creators: ['Chris Claremont', 'Jim Lee', 'Jim Lee'], characters: ['Wolverine', 'Cyclops', 'Jean Grey'], teams: ['X-Men'] },
  { name: 'X-Men', publisher: 'marvel', volume: 7, first: '2024-07', count: 30, creators: ['Jed MacKay', 'Ryan Stegman', 'Ryan Stegman'], characters: ['Cyclops', 'Wolverine'], teams: ['X-Men'] },
  { name: 'Uncanny X-Men', title: 'X-Men', publisher: 'marvel', volume: 6, first: '2024-08', count: 28, creators: ['Gail Simone', 'David Marquez', 'David Marquez'], characters: ['Rogue', 'Gambit'], teams: ['X-Men'] },
  { name: 'Ultimate Spider-Man', title: 'Spider-Man', publisher: 'marvel', volume: 3, first: '2024-01', last: '2025-12', count: 24, creators: ['Jonathan Hickman', 'Marco Checchetto', 'Marco Checchetto'], characters: ['Spider-Man'] },
  { name: 'Ultimate X-Men', title: 'X-Men', publisher: 'marvel', volume: 3, first: '2024-02', count: 32, creators: ['Peach Momoko', 'Peach Momoko', 'Peach Momoko'], teams: ['X-Men'] },
  { name: 'Fantastic Four', publisher: 'marvel', volume: 7, first: '2022-11', count: 49, creators: ['Ryan North', 'Iban Coello', 'Alex Ross'], teams: ['Fantastic Four'] },
  { name: 'Daredevil', publisher: 'marvel', volume: 8, first: '2023-09', count: 38, creators: ['Saladin Ahmed', 'Aaron Kuder', 'Aaron Kuder'], characters: ['Daredevil'] },
  { name: 'Venom', publisher: 'marvel', volume: 5, first: '2021-10', count: 60, creators: ['Al Ewing', 'Cafu', 'Cafu'], characters: ['Venom'] },
  { name: 'Wolverine', publisher: 'marvel', volume: 8, first: '2024-09', count: 27, creators: ['Saladin Ahmed', 'Martín Cóccolo', 'Leinil Francis Yu'], characters: ['Wolverine'], teams: ['X-Men'] },
  { name: 'Avengers', publisher: 'marvel', volume: 9, first: '2023-05', count: 42, creators: ['Jed MacKay', 'C.F. Villa', 'Stuart Immonen'], teams: ['Avengers'] },
  { name: 'Immortal Thor', publisher: 'marvel', first: '2023-08', last: '2025-06', count: 25, creators: ['Al Ewing', 'Martín Cóccolo', 'Alex Ross'], characters: ['Thor'] },
  { name: 'Captain America', publisher: 'marvel', volume: 11, first: '2023-07', last: '2025-06', count: 20, creators: ['J. Michael Straczynski', 'Jesús Saiz', 'Jesús Saiz'], characters: ['Captain America'], teams: ['Avengers'] },
  { name: 'The Amazing Spider-Man', title: 'Spider-Man', publisher: 'marvel', volume: 6, kind: 'trade', first: '2022-09', last: '2025-08', count: 10, creators: ['Zeb Wells', 'John Romita Jr.', 'John Romita Jr.'], characters: ['Spider-Man'] },
  { name: 'Ultimate Spider-Man', title: 'Spider-Man', publisher: 'marvel', volume: 3, kind: 'trade', first: '2024-07', last: '2026-03', count: 4, creators: ['Jonathan Hickman', 'Marco Checchetto', 'Marco Checchetto'], characters: ['Spider-Man'] },
  { name: 'X-Men: Days of Future Past', title: 'X-Men', publisher: 'marvel', kind: 'trade', first: '2014-03', last: '2014-03', count: 1, creators: ['Chris Claremont', 'John Byrne', 'John Byrne'], teams: ['X-Men'] },
  { name: 'Uncanny X-Men', title: 'X-Men', publisher: 'marvel', kind: 'omnibus', first: '2013-06', last: '2021-09', count: 4, creators: ['Chris Claremont', 'John Byrne', 'John Byrne'], teams: ['X-Men'] },
  { name: 'Storm: Eye of the Hurricane', title: 'X-Men', publisher: 'marvel', first: '+16d', count: 5, limited: true, creators: ['Murewa Ayodele', 'Lucas Werneck'], characters: ['Storm'], teams: ['X-Men'] },
  { name: 'Midnight Sons: Last Rites', publisher: 'marvel', first: '+44d', count: 4, limited: true, creators: ['Jed MacKay', 'Federico Vicentini'], genres: ['Horror'] },

  // Image
  { name: 'Spawn', publisher: 'image', first: '1992-05', count: 370, creators: ['Todd McFarlane', 'Greg Capullo', 'Todd McFarlane'], characters: ['Spawn'], genres: ['Horror'], rating: 'M' },
  { name: 'Saga', publisher: 'image', first: '2012-03', count: 78, creators: ['Brian K. Vaughan', 'Fiona Staples', 'Fiona Staples'], genres: ['Science Fiction', 'Fantasy'], rating: 'M' },
  { name: 'Invincible', publisher: 'image', first: '2003-01', last: '2018-02', count: 144, creators: ['Robert Kirkman', 'Ryan Ottley', 'Ryan Ottley'], characters: ['Invincible'] },
  { name: 'The Walking Dead', publisher: 'image', first: '2003-10', last: '2019-07', count: 193, creators: ['Robert Kirkman', 'Charlie Adlard', 'Charlie Adlard'], genres: ['Horror'], rating: 'M' },
  { name: 'Monstress', publisher: 'image', first: '2015-11', count: 60, creators: ['Marjorie Liu', 'Sana Takeda', 'Sana Takeda'], genres: ['Fantasy'], rating: 'M' },
  { name: 'Paper Girls', publisher: 'image', first: '2015-10', last: '2019-07', count: 30, creators: ['Brian K. Vaughan', 'Cliff Chiang', 'Cliff Chiang'], genres: ['Science Fiction'] },
  { name: 'East of West', publisher: 'image', first: '2013-03', last: '2019-07', count: 45, creators: ['Jonathan Hickman', 'Nick Dragotta', 'Nick Dragotta'], genres: ['Science Fiction', 'Western'], rating: 'M' },
  { name: 'Transformers', publisher: 'image', first: '2023-10', count: 38, creators: ['Daniel Warren Johnson', 'Daniel Warren Johnson', 'Daniel Warren Johnson'], genres: ['Science Fiction'] },
  { name: 'Void Rivals', publisher: 'image', first: '2023-06', count: 38, creators: ['Robert Kirkman', 'Lorenzo De Felici', 'Lorenzo De Felici'], genres: ['Science Fiction'] },
  { name: 'Saga', publisher: 'image', kind: 'trade', first: '2012-10', last: '2025-01', count: 11, creators: ['Brian K. Vaughan', 'Fiona Staples', 'Fiona Staples'], rating: 'M' },
  { name: 'Invincible Compendium', title: 'Invincible', publisher: 'image', kind: 'trade', first: '2011-11', last: '2019-04', count: 3, creators: ['Robert Kirkman', 'Ryan Ottley', 'Ryan Ottley'], characters: ['Invincible'] },
  { name: 'Monstress', publisher: 'image', kind: 'trade', first: '2016-07', last: '2025-06', count: 9, creators: ['Marjorie Liu', 'Sana Takeda', 'Sana Takeda'], rating: 'M' },
  { name: 'Night Circuit', publisher: 'image', first: '+30d', count: 5, limited: true, creators: ['Rick Remender', 'André Lima Araújo'], genres: ['Science Fiction'], rating: 'M' },
  { name: 'The Ninth Tide', publisher: 'image', first: '+58d', count: 3, limited: true, creators: ['Tini Howard', 'Marguerite Sauvage'], genres: ['Fantasy'] },

  // BOOM!
  { name: 'Something is Killing the Children', publisher: 'boom', first: '2019-09', count: 45, creators: ['James Tynion IV', 'Werther Dell\'Edera', 'Werther Dell\'Edera'], genres: ['Horror'], rating: 'M' },
  { name: 'House of Slaughter', title: 'Something is Killing the Children', publisher: 'boom', first: '2021-10', count: 30, creators: ['James Tynion IV', 'Chris Shehan', 'Werther Dell\'Edera'], genres: ['Horror'], rating: 'M' },
  { name: 'Once & Future', publisher: 'boom', first: '2019-08', last: '2022-10', count: 30, creators: ['Kieron Gillen', 'Dan Mora', 'Dan Mora'], genres: ['Fantasy'] },
  { name: 'BRZRKR', publisher: 'boom', first: '2021-03', last: '2023-04', count: 12, limited: true, creators: ['Keanu Reeves', 'Ron Garney', 'Rafael Grampá'], rating: 'M' },
  { name: 'Lumberjanes', publisher: 'boom', first: '2014-04', last: '2020-12', count: 75, creators: ['Shannon Watters', 'Brooklyn Allen', 'Noelle Stevenson'], genres: ['Adventure'] },
  { name: 'Mighty Morphin Power Rangers', publisher: 'boom', first: '2016-01', last: '2022-10', count: 55, creators: ['Kyle Higgins', 'Hendry Prasetya', 'Goñi Montes'], genres: ['Science Fiction'] },
  { name: 'Something is Killing the Children', publisher: 'boom', kind: 'trade', first: '2020-05', last: '2025-02', count: 8, creators: ['James Tynion IV', 'Werther Dell\'Edera', 'Werther Dell\'Edera'], rating: 'M' },
  { name: 'Hollow Creek', publisher: 'boom', first: '+37d', count: 4, limited: true, creators: ['Kyle Higgins', 'Stephen Byrne'], genres: ['Horror'] },
];

/** Word lists for the generated limited series that fill out the catalog (the PRNG picks from them). */
export const FILLER_WORDS = {
  first: ['Crimson', 'Hollow', 'Iron', 'Silent', 'Neon', 'Broken', 'Wild', 'Lost', 'Saint', 'Cold', 'Ember', 'Glass'],
  second: ['Harbor', 'Frontier', 'Orchard', 'Dynasty', 'Kingdom', 'Signal', 'Season', 'Empire', 'Requiem', 'Lanterns', 'Machine', 'Country'],
  writers: ['Ed Brisson', 'Kelly Sue DeConnick', 'Jeff Lemire', 'Mariko Tamaki', 'Ram V', 'W. Maxwell Prince'],
  artists: ['Andrea Sorrentino', 'Jock', 'Becky Cloonan', 'Christian Ward', 'Leila del Duca', 'Filya Bratukhin'],
  genres: ['Horror', 'Science Fiction', 'Crime', 'Fantasy', 'Western', 'Mystery'],
};

export const COMIC_SHOPS = [
  { id: 1, name: 'Longbox Comics & Games', slug: 'longbox-comics-games', city: 'Portland', stateProvince: 'OR' },
  { id: 2, name: 'Midtown Comics', slug: 'midtown-comics', city: 'New York', stateProvince: 'NY' },
  { id: 3, name: 'Golden Apple Comics', slug: 'golden-apple-comics', city: 'Los Angeles', stateProvince: 'CA' },
];
