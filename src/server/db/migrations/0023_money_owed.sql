-- Reserved; replaced by its change or removed.
SELECT 1;
