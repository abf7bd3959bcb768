CREATE TABLE "search_synonyms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"terms" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_synonyms_two_terms" CHECK (cardinality("search_synonyms"."terms") >= 2)
);
--> statement-breakpoint
-- The synonym groups a new shop starts with (src/core/search.ts DEFAULT_SYNONYMS); the owner edits them.
INSERT INTO "search_synonyms" ("terms") VALUES
  (ARRAY['saree', 'sari', 'saaree']::text[]),
  (ARRAY['kurta', 'kurti', 'kurtha']::text[]),
  (ARRAY['lehenga', 'lehnga', 'lehanga', 'lengha', 'lahenga']::text[]),
  (ARRAY['ghagra', 'ghaghra', 'ghagara', 'chaniya']::text[]),
  (ARRAY['dupatta', 'chunni', 'chunri', 'odhni', 'duppatta']::text[]),
  (ARRAY['salwar', 'shalwar', 'salvar']::text[]),
  (ARRAY['kameez', 'kamiz', 'kameej']::text[]),
  (ARRAY['pyjama', 'pajama', 'payjama', 'pyjamas', 'pajamas']::text[]),
  (ARRAY['churidar', 'churidaar', 'chudidar']::text[]),
  (ARRAY['palazzo', 'palazo', 'plazzo', 'palazzos']::text[]),
  (ARRAY['sherwani', 'sherwaani', 'shervani']::text[]),
  (ARRAY['anarkali', 'anarkalli', 'anarakali']::text[]),
  (ARRAY['kanjeevaram', 'kanjivaram', 'kanchipuram', 'kancheepuram', 'kanjeevram']::text[]),
  (ARRAY['chikankari', 'chikan', 'chikenkari']::text[]),
  (ARRAY['bandhani', 'bandhej', 'bandhni', 'bandini']::text[]),
  (ARRAY['dhoti', 'dhothi', 'veshti', 'vesti', 'mundu']::text[]),
  (ARRAY['jutti', 'juti', 'mojari', 'jootis']::text[]),
  (ARRAY['tee', 'tshirt', 'tees']::text[]),
  (ARRAY['men', 'gents', 'mens']::text[]),
  (ARRAY['women', 'ladies', 'womens']::text[]);
