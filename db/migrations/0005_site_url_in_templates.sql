-- The seeded templates linked to a hard-coded production domain; they now use {{siteUrl}}
-- (PUBLIC_URL). Only the seed's own links are rewritten, in templates as stored, edited or not.
UPDATE "email_templates"
SET "mjml" = replace(replace("mjml", 'href="https://lisanga-digital.cd/blog"', 'href="{{siteUrl}}/blog"'),
                     'href="https://lisanga-digital.cd/contact"', 'href="{{siteUrl}}/contact"')
WHERE "mjml" LIKE '%href="https://lisanga-digital.cd/%';
