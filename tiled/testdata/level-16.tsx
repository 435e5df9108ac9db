<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="level" tilewidth="16" tileheight="16" tilecount="6" columns="6">
 <image source="level.tileset.png" width="96" height="16"></image>
 <tile id="0">
  <properties>
   <property name="kind" value="wall"></property>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="kind" value="floor"></property>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="kind" value="corridor"></property>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="kind" value="door"></property>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="kind" value="entrance"></property>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="kind" value="goal"></property>
  </properties>
 </tile>
</tileset>
