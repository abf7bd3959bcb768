ALTER TABLE "return_requests" ADD COLUMN "refund_to" jsonb;
